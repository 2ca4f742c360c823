// The end-to-end tests drive Debian's Chromium at /usr/bin/chromium (never a browser
// download); installed with apt-get on a fresh machine.
import { ensureProgram } from './apt-install.mjs';

ensureProgram(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['chromium', 'fonts-dejavu-core']);

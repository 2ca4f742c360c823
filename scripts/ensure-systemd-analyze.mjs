// The companion's systemd unit is checked by systemd-analyze (apps/companion/test/
// systemd-unit.test.ts), from Debian's systemd package; installed with apt-get on a fresh
// machine. Nothing is started: only the analyzer is used.
import { ensureProgram } from './apt-install.mjs';

ensureProgram('/usr/bin/systemd-analyze', ['systemd']);

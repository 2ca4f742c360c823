// The end-to-end tests drive Debian's Chromium at /usr/bin/chromium (never a browser
// download). On a fresh machine it is installed here with apt-get when we are root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} is missing. Install Debian's chromium package: sudo apt-get install chromium`);
    process.exit(1);
  }
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
}

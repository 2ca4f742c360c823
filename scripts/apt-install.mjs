// Tests need a few Debian programs (Chromium, VictoriaMetrics), never a download from
// elsewhere. On a fresh machine they are installed here with apt-get when we are root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Installs Debian `packages` unless `program` exists; exits with a hint when not root. */
export function ensureProgram(program, packages) {
  if (existsSync(program)) return;
  if (process.getuid?.() !== 0) {
    console.error(`${program} is missing. Install Debian's package: sudo apt-get install ${packages[0]}`);
    process.exit(1);
  }
  console.log(`${program} is missing: installing Debian's ${packages[0]} package`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

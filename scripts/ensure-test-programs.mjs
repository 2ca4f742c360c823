// Installs the programs of scripts/test-programs.mjs that this machine lacks, in one apt-get
// run when we are root; otherwise prints the command that would, and fails. Names on the
// command line narrow it to those programs (`node scripts/ensure-test-programs.mjs chromium`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { TEST_PROGRAMS, nameOf } from './test-programs.mjs';

const present = (entry) =>
  entry.python
    ? existsSync('/usr/bin/python3') &&
      spawnSync('/usr/bin/python3', ['-c', `import ${entry.python}`], { stdio: 'ignore' }).status === 0
    : existsSync(entry.program);

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const wanted = process.argv.slice(2);
const entries = wanted.length
  ? TEST_PROGRAMS.filter((entry) => wanted.includes(nameOf(entry)))
  : TEST_PROGRAMS;
const missing = entries.filter((entry) => !present(entry));
if (missing.length > 0) {
  const packages = [...new Set(missing.flatMap((entry) => entry.packages))];
  const names = missing.map(nameOf).join(', ');
  if (process.getuid?.() !== 0) {
    console.error(`The tests need ${names}: sudo apt-get install ${packages.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${packages.join(', ')} for ${names}`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]);
  const still = missing.filter((entry) => !present(entry));
  if (still.length > 0) {
    console.error(`Still missing after apt-get: ${still.map(nameOf).join(', ')}`);
    process.exit(1);
  }
}

#!/usr/bin/env node
// Runs test files with this machine's clock shifted to another moment, to show that no test
// leans on the date or hour it runs at: `node scripts/test-at.mjs <ISO instant> [vitest args]`,
// e.g. `node scripts/test-at.mjs 2027-03-28T01:59:30+01:00` (the night Europe/Berlin moves
// its clocks on). Without test files or `--project` it runs the companion's and the
// emulator's tests.
//
// Debian's libfaketime does the shifting (package faketime): it is preloaded into the test
// process and, through the environment, into every process that starts (virtual DTUs,
// companions, Mosquitto, Python). The clock keeps running from the moment given, and all of
// them share the one offset. Monotonic clocks are left alone, so timers keep their pace.
// Programs that read the clock without the C library (Go's, such as VictoriaMetrics) keep
// the real time.
//
// The library is preloaded here rather than through the `faketime` command: that one also
// shares a semaphore between all the processes, and a test that kills a process with
// SIGKILL while it holds it leaves every later process waiting for ever.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const DEFAULT_PROJECTS = ['--project', 'companion', '--project', 'emulator'];
/** Where Debian puts the library, by architecture; the multi-threaded variant, as Node is. */
const LIBRARY = ['x86_64-linux-gnu', 'aarch64-linux-gnu', 'arm-linux-gnueabihf']
  .map((triplet) => `/usr/lib/${triplet}/faketime/libfaketimeMT.so.1`)
  .find((path) => existsSync(path));

const [instant, ...vitestArgs] = process.argv.slice(2);
const target = instant === undefined ? Number.NaN : Date.parse(instant);
if (Number.isNaN(target)) {
  console.error('Usage: node scripts/test-at.mjs <ISO instant with its zone> [vitest arguments]');
  console.error('  e.g. node scripts/test-at.mjs 2027-01-01T00:00:30+01:00 --project companion');
  process.exit(2);
}
if (!LIBRARY) {
  console.error('libfaketime is missing: apt-get install faketime (Debian), then try again');
  process.exit(2);
}

// Options alone (a reporter, say) leave the choice of files to the default.
const chosen = vitestArgs.some(
  (arg) => arg.startsWith('--project') || (!arg.startsWith('-') && /\.(ts|mjs)$|\//.test(arg)),
);

// Whole seconds: the shift is an offset from the real clock, the same in every process.
const offsetS = Math.round((target - Date.now()) / 1000);
console.log(
  `Clock shifted by ${offsetS} s: the tests start at ${new Date(Date.now() + offsetS * 1000).toISOString()}`,
);
const child = spawn(process.execPath, [VITEST, 'run', ...vitestArgs, ...(chosen ? [] : DEFAULT_PROJECTS)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    LD_PRELOAD: [LIBRARY, process.env.LD_PRELOAD].filter(Boolean).join(' '),
    FAKETIME: `${offsetS >= 0 ? '+' : ''}${offsetS}`,
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

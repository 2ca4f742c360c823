// The one list of the programs the tests (and the benchmarks) start, each with the Debian
// packages that bring it. `npm test` installs what is missing before the first test
// (scripts/ensure-test-programs.mjs); scripts/test-programs.test.mjs fails when a test starts
// a program this list does not name.

/**
 * @typedef {object} TestProgram
 * @property {string} [program] absolute path of an executable
 * @property {string} [python] a module /usr/bin/python3 must import (dotted: its package is the name)
 * @property {string[]} packages Debian packages that provide it
 * @property {string} usedBy who starts it
 */

/** @type {TestProgram[]} */
export const TEST_PROGRAMS = [
  {
    program: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    packages: ['chromium', 'fonts-dejavu-core'],
    usedBy: 'e2e tests, screenshots and benchmarks (Playwright drives Debian Chromium)',
  },
  {
    program: '/usr/sbin/mosquitto',
    packages: ['mosquitto'],
    usedBy: 'companion: MQTT alert channel, MQTT grid meter',
  },
  {
    program: '/usr/bin/mosquitto_passwd',
    packages: ['mosquitto'],
    usedBy: 'companion: MQTT broker with a login',
  },
  {
    program: process.env.VICTORIA_METRICS_PATH ?? '/usr/bin/victoria-metrics',
    packages: ['victoria-metrics'],
    usedBy: 'companion: InfluxDB line-protocol push',
  },
  { program: '/usr/bin/systemd-analyze', packages: ['systemd'], usedBy: 'companion: systemd unit check' },
  {
    program: '/usr/bin/systemd-notify',
    packages: ['systemd'],
    usedBy: 'companion: start notice and watchdog',
  },
  { program: '/usr/bin/python3', packages: ['python3'], usedBy: 'companion: SMTP receiver, notify socket' },
  { python: 'aiosmtpd', packages: ['python3-aiosmtpd'], usedBy: 'companion: e-mail alert channel' },
  { program: '/usr/bin/mbpoll', packages: ['mbpoll'], usedBy: 'companion: SunSpec Modbus TCP client' },
  // Debian's pymodbus loads its serial client with its TCP one: without python3-serial-asyncio
  // (only recommended, so not installed) `from pymodbus.client import ...` fails; the install
  // check imports what the tests import.
  {
    python: 'pymodbus.client',
    packages: ['python3-pymodbus', 'python3-serial-asyncio'],
    usedBy: 'companion: SunSpec Modbus TCP client',
  },
  { program: '/usr/bin/faketime', packages: ['faketime'], usedBy: 'tests run under a shifted clock' },
  { program: '/usr/bin/mount', packages: ['mount'], usedBy: 'companion: a full disk (tmpfs), when root' },
  { program: '/usr/bin/umount', packages: ['mount'], usedBy: 'companion: a full disk (tmpfs), when root' },
];

/** Programs every machine of ours has: Node and npm themselves, and the shell. */
export const BASE_PROGRAMS = ['node', 'npm', 'npx', 'sh', 'bash'];

/** The name a test may use for `entry`: its path's last part, or the Python package. */
export const nameOf = (entry) => entry.python?.split('.')[0] ?? entry.program.split('/').pop();

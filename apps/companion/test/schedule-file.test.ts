// The schedule file as the owner writes it: what it reads into, and the one line that
// stops the server (exit code 2) on a wrong entry, naming the file and the entry.
import { spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../src/config/cli';
import { parseSchedule, ScheduleError } from '../src/control/schedule-file';
import { tempDir } from './helpers';

const BIN = fileURLToPath(new URL('../bin/opendtu-companion.mjs', import.meta.url));

const error = (value: unknown): string => {
  try {
    parseSchedule(JSON.stringify(value));
  } catch (thrown) {
    if (thrown instanceof ScheduleError) return thrown.message;
    throw thrown;
  }
  return 'accepted';
};

describe('the schedule file', () => {
  it('reads windows, restarts and the dry-run switch', () => {
    expect(
      parseSchedule(
        JSON.stringify({
          dry_run: true,
          windows: [
            {
              name: 'evening',
              days: ['Mon', 'fri'],
              from: '18:00',
              to: '24:00',
              limit_w: 600.4,
              inverters: ['116182900001'],
            },
            { from: '22:00', to: '06:00', limit_percent: 50 },
            { days: ['sat', 'sun'], from: '10:00', to: '16:00', control: 'off' },
            { from: '11:00', to: '13:00', control: 'on', target_w: 30 },
          ],
          restarts: [{ at: '03:30', inverters: 'all' }],
        }),
      ),
    ).toEqual({
      dryRun: true,
      windows: [
        {
          index: 0,
          name: 'evening',
          days: [1, 5],
          from: 18 * 3600,
          to: 24 * 3600,
          action: { kind: 'limit', value: 600, unit: 'W', inverters: ['116182900001'] },
        },
        {
          index: 1,
          name: undefined,
          days: [0, 1, 2, 3, 4, 5, 6],
          from: 22 * 3600,
          to: 6 * 3600,
          action: { kind: 'limit', value: 50, unit: '%', inverters: 'all' },
        },
        {
          index: 2,
          name: undefined,
          days: [0, 6],
          from: 10 * 3600,
          to: 16 * 3600,
          action: { kind: 'control', on: false, targetW: undefined },
        },
        {
          index: 3,
          name: undefined,
          days: [0, 1, 2, 3, 4, 5, 6],
          from: 11 * 3600,
          to: 13 * 3600,
          action: { kind: 'control', on: true, targetW: 30 },
        },
      ],
      restarts: [{ index: 0, days: [0, 1, 2, 3, 4, 5, 6], at: 3.5 * 3600, inverters: 'all' }],
    });
  });

  it('names the wrong entry and says what it must be', () => {
    expect(error({ windows: [{ from: '8:00', to: '25:00', limit_w: 1 }] })).toBe(
      'windows[0].to must be a time "HH:MM" (00:00 to 24:00), got "25:00"',
    );
    expect(error({ windows: [{ from: '08:00', to: '08:00', limit_w: 1 }] })).toBe(
      'windows[0]: "from" and "to" are the same time (an empty window)',
    );
    expect(error({ windows: [{ from: '08:00', to: '09:00' }] })).toBe(
      'windows[0] needs exactly one of "limit_w", "limit_percent" or "control"',
    );
    expect(error({ windows: [{ from: '08:00', to: '09:00', limit_percent: 120 }] })).toBe(
      'windows[0].limit_percent must be a number from 0 to 100, got 120',
    );
    expect(error({ windows: [{ from: '08:00', to: '09:00', limit_w: 5, days: ['monday'] }] })).toBe(
      'windows[0].days must list weekdays (sun, mon, tue, wed, thu, fri, sat), got ["monday"]',
    );
    expect(error({ windows: [{ from: '08:00', to: '09:00', control: 'off', target_w: 20 }] })).toBe(
      'windows[0]: "target_w" goes with "control": "on"',
    );
    expect(error({ restarts: [{ at: '03:00', inverters: ['1234'] }] })).toBe(
      'restarts[0].inverters must be "all" or a list of inverter serials (12 hex digits), got ["1234"]',
    );
    expect(error({ windows: [], restart: [] })).toBe(
      'the file: unknown key "restart" (known: dry_run, windows, restarts)',
    );
    expect(error({ dry_run: 'yes' })).toBe('dry_run must be true or false, got "yes"');
  });
});

describe('--schedule', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempDir('schedule');
    await mkdir(join(dir, 'etc'));
    await writeFile(
      join(dir, 'etc', 'good.json'),
      JSON.stringify({ windows: [{ from: '01:00', to: '02:00', limit_w: 9 }] }),
    );
    await writeFile(
      join(dir, 'etc', 'control.json'),
      JSON.stringify({ windows: [{ from: '01:00', to: '02:00', control: 'off' }] }),
    );
    await writeFile(
      join(dir, 'bad.json'),
      JSON.stringify({ windows: [{ from: '01:00', to: '02:00', limit_w: -5 }] }),
    );
    await writeFile(join(dir, 'etc', 'companion.conf'), 'device = 10.0.0.2\nschedule = good.json\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the file named on the command line, or in a config file relative to it', () => {
    const flag = parseCli(['--device', '10.0.0.2', '--schedule', 'etc/good.json'], { cwd: dir, env: {} });
    expect(flag).toMatchObject({ schedule: { dryRun: false, windows: [{ action: { value: 9 } }] } });
    const file = parseCli(['--config', 'etc/companion.conf'], { cwd: dir, env: {} });
    expect(file).toMatchObject({ schedule: { windows: [{ action: { value: 9 } }] } });
    expect(parseCli(['--device', '10.0.0.2'], { cwd: dir, env: {} })).toMatchObject({ schedule: undefined });
  });

  it('stops the server with one line and exit code 2 on a wrong entry, a missing file, or control without a meter', () => {
    const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
      spawnSync(process.execPath, [BIN, '--device', '10.0.0.2', ...args], {
        cwd: dir,
        // The server takes relative paths from the folder npm started in (INIT_CWD).
        env: { ...process.env, INIT_CWD: dir, ...env },
        encoding: 'utf8',
      });
    const bad = run(['--schedule', 'bad.json']);
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(
      `opendtu-companion: --schedule: ${join(dir, 'bad.json')}: windows[0].limit_w must be a number from 0 to 2250, got -5\n`,
    );
    const missing = run([], { OPENDTU_SCHEDULE: 'none.json' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      `opendtu-companion: OPENDTU_SCHEDULE: cannot read ${join(dir, 'none.json')} (ENOENT)\n`,
    );
    const control = run(['--schedule', 'etc/control.json']);
    expect(control.status).toBe(2);
    expect(control.stderr).toBe(
      'opendtu-companion: --schedule: windows[0] turns zero export on or off, which needs --control-meter\n',
    );
  });
});

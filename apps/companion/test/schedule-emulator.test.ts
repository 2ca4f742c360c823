// The schedule against the virtual DTU as its own process, running 30 times faster than
// real time: the test reads the device's clock and writes a schedule whose window starts two
// device minutes later, so it starts and ends while the test watches. What is checked is what
// the owner would see: the device's console (every command it heard), its
// /api/limit/status, and the companion's /companion/api/schedule. Then the same with the
// dry-run switch: reported, and nothing heard by the device.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScheduleAnswer } from '@opendtu/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSchedule } from '../src/control/schedule-file';
import { ADMIN_AUTH, call, startCompanion, startDevice, tempDir, until } from './helpers';
import type { SocketClient, TestCompanion, TestDevice } from './helpers';
import { consoleCaughtUp, consoleLines, deviceMinute, hhmm, limitStatusOf, openConsole } from './house';

const SPEED = 30;
const LIMITED = '114181234569'; // 800 W
const RESTARTED = '138291234567';

let device: TestDevice;
let console: SocketClient;
let companion: TestCompanion | undefined;
let dir: string;

const limitStatus = () => limitStatusOf(device.url);
const lines = () => consoleLines(console, /Set limit|Power restart/);

/** The device's console, once all it printed so far has arrived, is `expected`. */
async function consoleShows(expected: string[]): Promise<void> {
  await caughtUp();
  expect(lines()).toEqual(expected);
}

const caughtUp = () => consoleCaughtUp(console, device.url);

const scheduleAnswer = async (): Promise<ScheduleAnswer> =>
  (await call(`${companion!.url}/companion/api/schedule`, { auth: ADMIN_AUTH })).body as ScheduleAnswer;

async function scheduleFile(name: string, content: unknown): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(content));
  return file;
}

beforeAll(async () => {
  dir = await tempDir('schedule-run');
  // A Sunday morning in June: the inverters are awake and hear commands.
  device = await startDevice('2026-06-21T10:20', ['--speed', String(SPEED)]);
  console = await openConsole(device.url);
});

// A failed test does not leave its companion sending to the device during the next one.
afterEach(async () => {
  await companion?.close();
  companion = undefined;
});

afterAll(async () => {
  console?.socket.close();
  await companion?.close();
  await device?.remove();
});

describe('a schedule on the device clock', () => {
  it('sets the window limit (non-persistent) when it starts, restarts at its time (and sends the limit the inverter forgot again), and gives the limit from before back, confirmed, when it ends', async () => {
    const before = await limitStatus();
    expect(before[LIMITED]).toMatchObject({ limit_relative: 100, limit_set_status: 'Ok' });
    // A few device minutes on (seconds here): the companion starts before the window does.
    const start = (await deviceMinute(device.url)) + 4;
    const file = await scheduleFile('run.json', {
      windows: [
        { days: ['sun'], from: hhmm(start), to: hhmm(start + 20), limit_w: 300, inverters: [LIMITED] },
      ],
      restarts: [{ at: hhmm(start + 2), inverters: [LIMITED] }],
    });
    companion = await startCompanion(device.url, {
      password: 'openDTU42',
      speed: SPEED,
      schedule: readSchedule(file),
    });

    // Before the window: nothing sent, the window reported as not holding.
    await until(async () => (await scheduleAnswer()).device_time !== null, 20_000, 'the device clock');
    const waiting = await scheduleAnswer();
    expect(waiting).toMatchObject({ dry_run: false, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3', control: null });
    expect(waiting.windows).toEqual([
      {
        index: 0,
        name: null,
        days: ['sun'],
        from: hhmm(start),
        to: hhmm(start + 20),
        limit_w: 300,
        inverters: [LIMITED],
        holding: false,
      },
    ]);
    expect(lines()).toEqual([]);

    // The window starts: 300 W, absolute and not persistent, confirmed by the inverter.
    await until(
      async () => (await limitStatus())[LIMITED]!.limit_relative === 37.5,
      60_000,
      'the window limit at the inverter',
    );
    await consoleShows([`Set limit of ${LIMITED} to 300 W`]);
    await until(
      async () => (await scheduleAnswer()).limits[0]?.status === 'ok',
      30_000,
      'the acknowledgement in the schedule answer',
    );
    const holding = await scheduleAnswer();
    expect(holding.windows[0]!.holding).toBe(true);
    expect(holding.limits).toEqual([
      { serial: LIMITED, limit: { value: 300, unit: 'W' }, window: 0, before_percent: 100, status: 'ok' },
    ]);
    expect(holding.actions.at(-1)).toMatchObject({
      kind: 'limit',
      serial: LIMITED,
      limit: { value: 300, unit: 'W' },
      entry: 0,
      status: 'ok',
    });

    // The restart at its time, heard by the device; the inverter forgets its non-persistent
    // limit, and the schedule sends it again.
    await until(() => lines().some((line) => line.includes('Power restart')), 60_000, 'the restart');
    await until(
      async () => (await scheduleAnswer()).actions.filter((action) => action.kind === 'limit').length === 2,
      60_000,
      'the limit sent again',
    );
    await until(
      async () => (await limitStatus())[LIMITED]!.limit_relative === 37.5,
      60_000,
      'the window limit at the inverter again',
    );

    // The window ends: the limit from before (100 %), non-persistent, confirmed.
    await until(
      async () => (await scheduleAnswer()).limits.length === 0,
      90_000,
      'the limit from before back and confirmed',
    );
    const after = await limitStatus();
    expect(after[LIMITED]).toMatchObject({ limit_relative: 100, limit_set_status: 'Ok' });
    await consoleShows([
      `Set limit of ${LIMITED} to 300 W`,
      `Power restart inverter ${LIMITED}`,
      `Set limit of ${LIMITED} to 300 W`,
      `Set limit of ${LIMITED} to 100 %`,
    ]);
    const ended = await scheduleAnswer();
    expect(ended.windows[0]!.holding).toBe(false);
    expect(ended.actions.map((action) => [action.kind, action.serial, action.status])).toEqual([
      ['restore', LIMITED, 'ok'],
      ['limit', LIMITED, 'ok'],
      ['restart', LIMITED, 'sent'],
      ['limit', LIMITED, 'ok'],
    ]);
    await companion.close();
    companion = undefined;
  }, 240_000);

  it('in a dry run reports what it would send and the device hears nothing', async () => {
    await caughtUp();
    const heard = lines().length;
    const now = await deviceMinute(device.url);
    const file = await scheduleFile('dry.json', {
      dry_run: true,
      windows: [{ from: hhmm(now - 1), to: hhmm(now + 30), limit_percent: 10, inverters: [LIMITED] }],
      restarts: [{ at: hhmm(now + 2), inverters: [RESTARTED] }],
    });
    companion = await startCompanion(device.url, {
      password: 'openDTU42',
      speed: SPEED,
      schedule: readSchedule(file),
    });
    // The restart is due after the limit: once it is reported, the limit would have gone out too.
    await until(
      async () => (await scheduleAnswer()).actions.some((action) => action.kind === 'restart'),
      60_000,
      'the dry-run restart',
    );
    const answer = await scheduleAnswer();
    expect(answer.dry_run).toBe(true);
    expect(answer.actions.map((action) => [action.kind, action.serial, action.limit, action.status])).toEqual(
      [
        ['restart', RESTARTED, null, 'dry-run'],
        ['limit', LIMITED, { value: 10, unit: '%' }, 'dry-run'],
      ],
    );
    expect(companion.lines).toContain(`Schedule (dry run): would set ${LIMITED} limit 10 %`);
    expect(companion.lines).toContain(`Schedule (dry run): would restart ${RESTARTED}`);
    await caughtUp();
    expect(lines().length).toBe(heard);
    expect((await limitStatus())[LIMITED]).toMatchObject({ limit_relative: 100 });
    // Stopping a dry run has nothing to give back.
    await companion.close();
    companion = undefined;
    await caughtUp();
    expect(lines().length).toBe(heard);
  }, 120_000);
});

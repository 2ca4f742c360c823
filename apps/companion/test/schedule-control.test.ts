// A schedule that turns zero export off for a while, with a limit window inside it, against
// the virtual DTU's simulated house and Shelly Pro 3EM meter at 30x speed: while the
// controller runs it has the inverters; the off window gives each its own limit back
// (confirmed) and the controller reports itself paused by the schedule; the limit window
// then applies, and its end gives 100 % back; after the off window the controller sends
// limits again. Seen in the device's console and /api/limit/status, and the companion's API.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ControlAnswer } from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSchedule } from '../src/control/schedule-file';
import { ADMIN_AUTH, call, startCompanion, tempDir, until, type TestCompanion } from './helpers';
import { deviceMinute, hhmm, quickControl, startHouse, type House } from './house';

const SPEED = 30;
const LIMITED = '114181234569';

let house: House;
let companion: TestCompanion | undefined;
let dir: string;

const limitStatus = () => house.limitStatus();
const limitLines = () => house.limitLines();
const control = async (): Promise<ControlAnswer> =>
  (await call(`${companion!.url}/companion/api/control`, { auth: ADMIN_AUTH })).body as ControlAnswer;

beforeAll(async () => {
  dir = await tempDir('schedule-control');
  house = await startHouse(join(dir, 'device'), ['--time', '2026-06-21T10:30', '--speed', String(SPEED)]);
});

afterAll(async () => {
  await companion?.close();
  await house?.stop();
});

describe('a control window', () => {
  it('turns zero export off (limits from before, confirmed), lets a limit window act meanwhile, and on again', async () => {
    // 20 device minutes (40 s) for the controller to start and send; off for 10 (20 s).
    const start = (await deviceMinute(house.device.url)) + 20;
    const file = join(dir, 'schedule.json');
    await writeFile(
      file,
      JSON.stringify({
        windows: [
          { from: hhmm(start), to: hhmm(start + 10), control: 'off' },
          { from: hhmm(start + 3), to: hhmm(start + 6), limit_percent: 50, inverters: [LIMITED] },
        ],
      }),
    );
    companion = await startCompanion(house.device.url, {
      password: 'openDTU42',
      speed: SPEED,
      control: quickControl(`shelly-pro-3em:${house.meterUrl}`),
      schedule: readSchedule(file),
    });

    // The controller at work: limits in W (its own), the limit window not applied to its inverters.
    await until(() => limitLines().length > 0, 60_000, 'the controller sending');
    expect(limitLines().every((line) => / W$/.test(line))).toBe(true);

    // Off by the schedule: paused, every inverter at its own limit again, confirmed.
    await until(async () => (await control()).schedule?.off === true, 60_000, 'the off window');
    await until(async () => (await control()).state === 'paused', 60_000, 'the limits given back');
    expect(await control()).toMatchObject({ paused: false, schedule: { off: true, target_w: null } });
    const off = await limitStatus();
    for (const [serial, entry] of Object.entries(off))
      expect({ serial, limit: entry.limit_relative, status: entry.limit_set_status }).toEqual({
        serial,
        limit: 100,
        status: 'Ok',
      });

    // Meanwhile the limit window acts on a controlled inverter, then gives 100 % back.
    await until(() => limitLines().includes(`Set limit of ${LIMITED} to 50 %`), 60_000, 'the limit window');
    // The controller gave its limits from before back in % too: the window's own comes after its 50 %.
    const windowAt = () => limitLines().indexOf(`Set limit of ${LIMITED} to 50 %`);
    await until(
      () => limitLines().slice(windowAt()).includes(`Set limit of ${LIMITED} to 100 %`),
      60_000,
      'its end',
    );
    const heard = limitLines();
    const windowStart = windowAt();
    // Nothing from the controller between the two.
    expect(heard.slice(windowStart)).toEqual([
      `Set limit of ${LIMITED} to 50 %`,
      `Set limit of ${LIMITED} to 100 %`,
    ]);
    await until(async () => (await limitStatus())[LIMITED]!.limit_set_status === 'Ok', 30_000, 'confirmed');
    expect((await limitStatus())[LIMITED]!.limit_relative).toBe(100);

    // On again: the controller sends its own limits (W) again.
    await until(async () => (await control()).schedule?.off === false, 60_000, 'the off window ending');
    const count = limitLines().length;
    await until(() => limitLines().length > count, 60_000, 'the controller sending again');
    expect(
      limitLines()
        .slice(count)
        .every((line) => / W$/.test(line)),
    ).toBe(true);
    for (const line of limitLines()) expect(line).not.toContain('persistent');
  }, 300_000);
});

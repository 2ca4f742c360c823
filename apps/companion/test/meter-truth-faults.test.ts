// Issue 45: a meter that goes away mid-day and comes back (restarting, its network away:
// its counters go on counting), and a meter replaced in the afternoon (its counters back to
// 0), on a simulated day of the virtual DTU's house at 1200x. While the meter is away the
// companion answers no reading, never 0 W; the day's figures are still the emulator's own
// account within 1 %, and the replacement is told once.
import type { MeterAnswer } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, call, until } from './helpers';
import { comparison, startDay, untilDeviceTime, type DayRun } from './meter-day';

const DAY = '2026-06-21';
const SPEED = 1200;
const DAY_REAL_MS = (28 * 3_600_000) / SPEED + 60_000;

let run: DayRun | undefined;
afterEach(async () => {
  await run?.stop();
  run = undefined;
});

describe('a meter that restarts and one replaced', () => {
  it(
    'leave the day right',
    async () => {
      run = await startDay({ start: '2026-06-20T21:00', speed: SPEED, form: 'tasmota' });
      const device = run.house.device.url;
      const meter = async (): Promise<MeterAnswer> =>
        (await call(`${run!.companion.url}/companion/api/meter`, { auth: ADMIN_AUTH })).body as MeterAnswer;

      await untilDeviceTime(device, `${DAY}T11:00`, DAY_REAL_MS);
      await run.fault({ fault: 'meter-silent' });
      // No reading (a minute of the device's time is 50 real ms here): never a 0 W that was not measured.
      await until(async () => (await meter()).state === 'none', DAY_REAL_MS, 'no reading');
      expect(await meter()).toMatchObject({ state: 'none', power_w: null });
      await untilDeviceTime(device, `${DAY}T13:00`, DAY_REAL_MS);
      await run.clearFaults();
      await until(async () => (await meter()).state === 'fresh', 20_000, 'the meter back');

      await untilDeviceTime(device, `${DAY}T15:00`, DAY_REAL_MS);
      await run.fault({ fault: 'meter-replaced' });
      await until(
        () => run!.companion.lines.some((line) => line.includes('went back')),
        20_000,
        'the replacement told',
      );

      await untilDeviceTime(device, '2026-06-22T00:20', DAY_REAL_MS);
      const result = await run.result(DAY);
      const figures = comparison(result.truth, result.figures);
      console.log(JSON.stringify(figures));
      for (const [name, [truth, figure]] of Object.entries(figures)) {
        expect(Math.abs(figure! - truth), `${name}: ${figure} Wh, truth ${truth} Wh`).toBeLessThanOrEqual(
          Math.max(Math.abs(truth) * 0.01, 10),
        );
      }
      expect(run.companion.lines.filter((line) => line.includes('went back'))).toHaveLength(1);
      // The counters bridged the meter's absence: the day is whole.
      expect(result.figures.grid_complete).toBe(true);
    },
    3 * DAY_REAL_MS,
  );
});

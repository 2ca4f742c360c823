// Issue 45: a meter that goes away mid-day and comes back (restarting, its network away:
// its counters go on counting), and a meter replaced in the afternoon (its counters back to
// 0), on a simulated day of the virtual DTU's house at 1200x. While the meter is away the
// companion answers no reading, never 0 W; the day's figures are still the emulator's own
// account within 1 %, and the replacement is told once.
import type { MeterAnswer } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { ADMIN_AUTH, call, until } from './helpers';
import { expectNearTruth, TRUTH_DAY, TRUTH_DAY_REAL_MS, truthDayRuns, untilDeviceTime } from './meter-day';

const startRun = truthDayRuns();
const { date: DAY } = TRUTH_DAY;

describe('a meter that restarts and one replaced', () => {
  it(
    'leave the day right',
    async () => {
      const run = await startRun();
      const device = run.house.device.url;
      const meter = async (): Promise<MeterAnswer> =>
        (await call(`${run.companion.url}/companion/api/meter`, { auth: ADMIN_AUTH })).body as MeterAnswer;

      await untilDeviceTime(device, `${DAY}T11:00`, TRUTH_DAY_REAL_MS);
      await run.fault({ fault: 'meter-silent' });
      // No reading (a minute of the device's time is 50 real ms here): never a 0 W that was not measured.
      await until(async () => (await meter()).state === 'none', TRUTH_DAY_REAL_MS, 'no reading');
      expect(await meter()).toMatchObject({ state: 'none', power_w: null });
      await untilDeviceTime(device, `${DAY}T13:00`, TRUTH_DAY_REAL_MS);
      await run.clearFaults();
      await until(async () => (await meter()).state === 'fresh', 20_000, 'the meter back');

      await untilDeviceTime(device, `${DAY}T15:00`, TRUTH_DAY_REAL_MS);
      await run.fault({ fault: 'meter-replaced' });
      await until(
        () => run.companion.lines.some((line) => line.includes('went back')),
        20_000,
        'the replacement told',
      );

      await untilDeviceTime(device, TRUTH_DAY.end, TRUTH_DAY_REAL_MS);
      const result = await run.result(DAY);
      expectNearTruth(result);
      expect(run.companion.lines.filter((line) => line.includes('went back'))).toHaveLength(1);
      // The counters bridged the meter's absence: the day is whole.
      expect(result.figures.grid_complete).toBe(true);
    },
    3 * TRUTH_DAY_REAL_MS,
  );
});

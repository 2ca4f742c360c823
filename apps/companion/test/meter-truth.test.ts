// Issue 45, checked against the truth: a simulated day of the virtual DTU's house, read by
// the companion through the meter's Tasmota SML form (the utility meter's own registers,
// which net the phases), without and with zero export on the same meter. The day's figures
// must be what the emulator's house used, its inverters fed and the grid gave and took,
// within 1 % (10 Wh for a figure under 1 kWh: zero export's few watt-hours fed in).
import { describe, expect, it } from 'vitest';
import {
  expectNearTruth,
  TRUTH_DAY,
  TRUTH_DAY_REAL_MS,
  truthDayRuns,
  untilDeviceTime,
  type DayRun,
} from './meter-day';

const startRun = truthDayRuns();

/** Each figure near the truth, and the day's sums adding up. */
function expectTruth(result: Awaited<ReturnType<DayRun['result']>>): void {
  expectNearTruth(result);
  // The day's sums add up, to the watt-hour.
  const f = result.figures;
  expect(Math.abs(f.produced_wh! - f.self_used_wh! - f.exported_wh!)).toBeLessThanOrEqual(1);
  expect(Math.abs(f.consumption_wh! - f.self_used_wh! - f.imported_wh!)).toBeLessThanOrEqual(1);
  expect(f.grid_complete).toBe(true);
}

describe("a day's energy flow against the emulator's own account", () => {
  it(
    'without zero export',
    async () => {
      const run = await startRun();
      await untilDeviceTime(run.house.device.url, TRUTH_DAY.end, TRUTH_DAY_REAL_MS);
      expectTruth(await run.result(TRUTH_DAY.date));
    },
    TRUTH_DAY_REAL_MS + 60_000,
  );

  it(
    'with zero export on the same meter',
    async () => {
      const run = await startRun({ control: true });
      await untilDeviceTime(run.house.device.url, TRUTH_DAY.end, TRUTH_DAY_REAL_MS);
      const result = await run.result(TRUTH_DAY.date);
      expectTruth(result);
      // Zero export ran on the same reading: it sent limits, and fed in less than half the day's yield.
      expect(run.house.limitLines().length).toBeGreaterThan(0);
      expect(result.truth.export_wh).toBeLessThan(result.truth.fed_wh * 0.5);
    },
    TRUTH_DAY_REAL_MS + 60_000,
  );
});

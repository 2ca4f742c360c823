// Issue 45, checked against the truth: a simulated day of the virtual DTU's house, read by
// the companion through the meter's Tasmota SML form (the utility meter's own registers,
// which net the phases), without and with zero export on the same meter. The day's figures
// must be what the emulator's house used, its inverters fed and the grid gave and took,
// within 1 % (10 Wh for a figure under 1 kWh: zero export's few watt-hours fed in).
import { afterEach, describe, expect, it } from 'vitest';
import { comparison, startDay, untilDeviceTime, type DayRun } from './meter-day';

const DAY = '2026-06-21';
const SPEED = 1200;
const DAY_REAL_MS = (28 * 3_600_000) / SPEED + 60_000;

let run: DayRun | undefined;
afterEach(async () => {
  await run?.stop();
  run = undefined;
});

/** Each figure within 1 % of the truth (10 Wh below 1 kWh). */
function expectTruth(result: Awaited<ReturnType<DayRun['result']>>): void {
  const figures = comparison(result.truth, result.figures);
  console.log(JSON.stringify(figures));
  for (const [name, [truth, figure]] of Object.entries(figures)) {
    const tolerance = Math.max(Math.abs(truth) * 0.01, 10);
    expect(figure, name).not.toBeNull();
    expect(Math.abs(figure! - truth), `${name}: ${figure} Wh, truth ${truth} Wh`).toBeLessThanOrEqual(
      tolerance,
    );
  }
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
      run = await startDay({ start: '2026-06-20T21:00', speed: SPEED, form: 'tasmota' });
      await untilDeviceTime(run.house.device.url, '2026-06-22T00:20', DAY_REAL_MS);
      expectTruth(await run.result(DAY));
    },
    DAY_REAL_MS + 60_000,
  );

  it(
    'with zero export on the same meter',
    async () => {
      run = await startDay({ start: '2026-06-20T21:00', speed: SPEED, form: 'tasmota', control: true });
      await untilDeviceTime(run.house.device.url, '2026-06-22T00:20', DAY_REAL_MS);
      const result = await run.result(DAY);
      expectTruth(result);
      // Zero export ran on the same reading: it sent limits, and fed in less than half the day's yield.
      expect(run.house.limitLines().length).toBeGreaterThan(0);
      expect(result.truth.export_wh).toBeLessThan(result.truth.fed_wh * 0.5);
    },
    DAY_REAL_MS + 60_000,
  );
});

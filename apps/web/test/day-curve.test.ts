import { describe, expect, it } from 'vitest';
import {
  addSample,
  curveCsv,
  dayOf,
  makeCurve,
  restoreCurve,
  storedCurve,
  type DayCurve,
} from '../src/lib/day-curve';

// Device wall-clock times (ms read as UTC), as the store samples them.
const at = (hour: number, minute: number, second = 0) => Date.UTC(2026, 5, 21, hour, minute, second);

describe("the day's power curve", () => {
  it('keeps one value per minute of the device day, the newest winning, and the peak', () => {
    let curve = addSample(undefined, at(12, 10, 5), 100, { A: 100 });
    curve = addSample(curve, at(12, 10, 40), 150, { A: 150 });
    curve = addSample(curve, at(12, 11, 0), 90, { A: 90 });
    expect(curve.day).toBe('2026-06-21');
    expect([curve.first, curve.last]).toEqual([730, 731]);
    expect(curve.total.slice(730)).toEqual([150, 90]);
    expect(curve.total[729]).toBeNull();
    expect(curve.peak).toEqual({ w: 150, slot: 730 });
    expect(curve.whole).toBe(false);
  });

  it('leaves minutes without data empty (a gap, not a zero) and starts afresh on a new day', () => {
    let curve = addSample(undefined, at(9, 0), 500, { A: 500, B: 0 });
    curve = addSample(curve, at(9, 4), 520, { A: 520 });
    expect(curve.total.slice(540, 545)).toEqual([500, null, null, null, 520]);
    expect(curve.inverters.B).toEqual([...Array<null>(540).fill(null), 0]);
    const tomorrow = addSample(curve, at(24, 0, 30), 0, { A: 0 });
    expect(tomorrow.day).toBe('2026-06-22');
    expect([tomorrow.first, tomorrow.last, tomorrow.total.length]).toEqual([0, 0, 1]);
  });

  it('never writes into a minute before the newest one (a late frame)', () => {
    let curve = addSample(undefined, at(10, 5), 300, {});
    curve = addSample(curve, at(10, 4, 59), 999, {});
    expect(curve.total.slice(604)).toEqual([null, 300]);
  });

  it('is restored from storage only for the same day and when it has series', () => {
    const curve = addSample(undefined, at(8, 0), 42, { A: 42 });
    const text = storedCurve(curve);
    expect(restoreCurve(text, '2026-06-21')).toMatchObject({ first: 480, last: 480, peak: { w: 42 } });
    expect(restoreCurve(text, '2026-06-22')).toBeUndefined();
    expect(restoreCurve('{"day":"2026-06-21","total":"x","inverters":{}}', '2026-06-21')).toBeUndefined();
    expect(restoreCurve('not json', '2026-06-21')).toBeUndefined();
    expect(restoreCurve(null, '2026-06-21')).toBeUndefined();
  });

  it('takes a whole seeded day with gaps, and writes CSV in device time', () => {
    const seeded: DayCurve = makeCurve('2026-06-21', [null, 5, null, 7], { A: [null, 5, null, 7] }, true);
    expect([seeded.whole, seeded.first, seeded.last, seeded.peak]).toEqual([true, 1, 3, { w: 7, slot: 3 }]);
    expect(curveCsv(seeded, ['A', 'B']).trim().split('\n')).toEqual([
      'time,total_w,A_w,B_w',
      '2026-06-21T00:01,5,5,',
      '2026-06-21T00:03,7,7,',
    ]);
    expect(dayOf(at(23, 59, 59))).toBe('2026-06-21');
  });
});

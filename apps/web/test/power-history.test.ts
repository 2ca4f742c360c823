import { describe, expect, it } from 'vitest';
import {
  addPowerPoint,
  historyCsv,
  localDay,
  MAX_POINTS,
  MIN_SPACING_MS,
  peakOf,
  restoreHistory,
  type PowerHistory,
} from '../src/lib/power-history';

const NOON = new Date(2026, 5, 21, 12, 0, 0).getTime();
const point = (t: number, total: number) => ({ t, total, inverters: { A: total } });

describe('the power curve kept in the browser', () => {
  it('keeps points at least the minimum spacing apart, the newest value winning', () => {
    let history = addPowerPoint(undefined, point(NOON, 100));
    history = addPowerPoint(history, point(NOON + MIN_SPACING_MS / 2, 150));
    expect(history.points).toEqual([point(NOON, 150)]);
    history = addPowerPoint(history, point(NOON + MIN_SPACING_MS, 200));
    expect(history.points.map((p) => p.total)).toEqual([150, 200]);
  });

  it('starts again on a new day and stays bounded over a whole day', () => {
    let history: PowerHistory | undefined;
    const start = new Date(2026, 5, 21, 0, 0, 1).getTime();
    for (let t = start; t < start + 86_000_000; t += MIN_SPACING_MS)
      history = addPowerPoint(history, point(t, 1));
    expect(history!.points.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(history!.points[0]!.t).toBe(start);
    const tomorrow = addPowerPoint(history, point(start + 86_400_000, 5));
    expect(tomorrow.points).toHaveLength(1);
    expect(tomorrow.day).toBe(localDay(start + 86_400_000));
  });

  it("is restored from storage only when it is today's", () => {
    const history = addPowerPoint(undefined, point(NOON, 100));
    const text = JSON.stringify(history);
    expect(restoreHistory(text, NOON + 3_600_000)?.points).toHaveLength(1);
    expect(restoreHistory(text, NOON + 86_400_000)).toBeUndefined();
    expect(restoreHistory('not json', NOON)).toBeUndefined();
    expect(restoreHistory(null, NOON)).toBeUndefined();
  });

  it('finds the peak and writes CSV with one column per inverter', () => {
    let history = addPowerPoint(undefined, point(NOON, 100));
    history = addPowerPoint(history, point(NOON + 60_000, 300));
    history = addPowerPoint(history, point(NOON + 120_000, 200));
    expect(peakOf(history.points)?.total).toBe(300);
    const csv = historyCsv(history.points, ['A', 'B']).trim().split('\n');
    expect(csv[0]).toBe('time,total_w,A_w,B_w');
    expect(csv[2]).toBe(`${new Date(NOON + 60_000).toISOString()},300,300,`);
  });
});

import { energyFlow, PLANT_BUCKET_MS, type PlantEnergyPeriod, type PlantPowerAnswer } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { localToday, plantCurve, shortfalls, shownPeriods, viewTotals } from './plant-history-model';

const FROM = Date.parse('2026-06-21T00:00:00+02:00');

/** A day of roof and barn (and a shed that never answered) with values in the given buckets. */
function day(values: Record<number, [number | null, number | null]>): PlantPowerAnswer {
  return {
    date: '2026-06-21',
    timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
    from: FROM,
    to: FROM + 86_400_000,
    bucket_ms: PLANT_BUCKET_MS,
    devices: [
      { name: 'roof', unavailable: null, timezone: '' },
      { name: 'barn', unavailable: null, timezone: '' },
      { name: 'shed', unavailable: 'HTTP 503', timezone: null },
    ],
    points: Array.from({ length: 288 }, (_, i) => {
      const [roof = null, barn = null] = values[i] ?? [];
      const present = [roof, barn].filter((w): w is number => w !== null);
      return {
        t: FROM + i * PLANT_BUCKET_MS,
        sum_w: present.length ? present.reduce((a, b) => a + b, 0) : null,
        devices: { roof, barn, shed: null },
        lacking: (['roof', 'barn', 'shed'] as const).filter((_, k) => [roof, barn, null][k] === null),
      };
    }),
  };
}

describe("the plant's day for the chart", () => {
  it('spreads each bucket over its five minutes, in sum and per device', () => {
    const curve = plantCurve(day({ 144: [700, 500], 145: [650, null] }));
    expect(curve.total.slice(719, 731)).toEqual([
      null,
      1200,
      1200,
      1200,
      1200,
      1200,
      650,
      650,
      650,
      650,
      650,
      null,
    ]);
    expect(curve.inverters.barn!.slice(724, 726)).toEqual([500, null]);
    expect(curve.inverters.shed!.every((w) => w === null)).toBe(true);
    expect(curve.peak).toEqual({ w: 1200, slot: 720 });
  });

  it('says where the sum lacks a device that answered, as stretches, and not the one that never did', () => {
    const gaps = shortfalls(day({ 144: [700, 500], 145: [650, null], 146: [600, null], 148: [null, 100] }));
    expect(gaps).toEqual([
      { devices: ['barn'], from: 725, to: 735 },
      { devices: ['roof'], from: 740, to: 745 },
    ]);
    expect(shortfalls(day({ 144: [700, 500] }))).toEqual([]);
  });
});

const period = (
  name: string,
  total: number | null,
  roof: number | null,
  barn: number | null,
): PlantEnergyPeriod => ({
  period: name,
  total_wh: total,
  devices: { roof, barn },
  lacking: [roof === null && 'roof', barn === null && 'barn'].filter((n): n is string => !!n),
  ...energyFlow(total, null, null),
});

describe("a view's energy", () => {
  it('leaves out the years before the first with energy, but keeps one', () => {
    const years = [
      period('2024', null, null, null),
      period('2025', 5, 5, null),
      period('2026', null, null, null),
    ];
    expect(shownPeriods(years, true).map((p) => p.period)).toEqual(['2025', '2026']);
    expect(shownPeriods(years, false)).toHaveLength(3);
    expect(shownPeriods([period('2026', null, null, null)], true).map((p) => p.period)).toEqual(['2026']);
  });

  it('adds the periods up in sum and per device, and names whom the sum lacks', () => {
    const periods = [
      period('2026-05', 100.1, 100.1, null),
      period('2026-06', 300.2, 100, 200.2),
      period('2026-07', null, null, null),
    ];
    expect(viewTotals(periods, ['roof', 'barn'])).toEqual({
      total: 400.3,
      devices: { roof: 200.1, barn: 200.2 },
      lacking: ['barn'],
    });
    expect(viewTotals([period('2026-07', null, null, null)], ['roof'])).toEqual({
      total: null,
      devices: { roof: null },
      lacking: [],
    });
  });
});

it("the plant's today is the browser's day", () => {
  expect(localToday(new Date(2026, 5, 21, 23, 59))).toBe('2026-06-21');
});

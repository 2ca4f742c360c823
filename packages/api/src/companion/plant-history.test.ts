import { describe, expect, it } from 'vitest';
import type { EnergyAnswer, PowerAnswer, PowerInverter, PowerRow } from './history';
import { energyFlow } from './meter';
import { PLANT_BUCKET_MS, plantEnergy, plantPower, powerBuckets } from './plant-history';

/** 2026-06-21 in Europe/Berlin (UTC+2). */
const FROM = Date.parse('2026-06-21T00:00:00+02:00');
const TO = Date.parse('2026-06-22T00:00:00+02:00');
const at = (time: string): number => Date.parse(`2026-06-21T${time}+02:00`);
const bucket = (time: string): number => (at(time) - FROM) / PLANT_BUCKET_MS;

function inverter(serial: string, points: PowerRow[]): PowerInverter {
  return { serial, name: serial, strings: ['A'], columns: ['t', 'ac', 'dc0'], points };
}

function day(
  inverters: PowerInverter[],
  from = FROM,
  to = TO,
  timezone = 'CET-1CEST,M3.5.0,M10.5.0/3',
): PowerAnswer {
  return { date: '2026-06-21', timezone, from, to, inverters };
}

describe("a device's power in buckets", () => {
  it('takes per inverter the mean of its samples in a bucket and adds the inverters', () => {
    const answer = day([
      inverter('a', [
        [at('10:00:00'), 100, 100],
        [at('10:02:00'), 200, 200],
        [at('10:04:59'), 300, 300],
        [at('10:05:00'), 50, 50],
      ]),
      inverter('b', [[at('10:01:00'), 1000.04, 1000]]),
    ]);
    const buckets = powerBuckets(answer, FROM, 288);
    expect(buckets).toHaveLength(288);
    expect(buckets[bucket('10:00')]).toBe(1200);
    expect(buckets[bucket('10:05')]).toBe(50);
    expect(buckets.filter((w) => w !== null)).toHaveLength(2);
  });

  it('counts neither gaps nor an unreachable inverter as samples, and keeps what lies outside the grid out', () => {
    const answer = day([
      inverter('a', [
        [at('09:59:00'), 80, 80],
        [at('09:59:00') + 1, null, null],
        [at('10:01:00'), null, null],
        [at('10:06:00'), 90, 90],
        [TO + 60_000, 500, 500],
        [FROM - 60_000, 500, 500],
      ]),
    ]);
    const buckets = powerBuckets(answer, FROM, 288);
    expect(buckets[bucket('09:55')]).toBe(80);
    expect(buckets[bucket('10:00')]).toBeNull();
    expect(buckets[bucket('10:05')]).toBe(90);
    expect(buckets.filter((w) => w !== null)).toEqual([80, 90]);
  });
});

describe("the plant's day", () => {
  it('sums the devices per bucket on the grid of the first device that answered', () => {
    const roof = day([inverter('r', [[at('12:00:00'), 700.1, 700]])]);
    const barn = day([
      inverter('b1', [
        [at('12:01:00'), 100.2, 100],
        [at('12:31:00'), 10, 10],
      ]),
    ]);
    const answer = plantPower('2026-06-21', [
      { name: 'roof', answer: roof },
      { name: 'barn', answer: barn },
    ]);
    expect(answer).toMatchObject({
      date: '2026-06-21',
      timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      from: FROM,
      to: TO,
      bucket_ms: PLANT_BUCKET_MS,
      devices: [
        { name: 'roof', unavailable: null, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
        { name: 'barn', unavailable: null, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
      ],
    });
    expect(answer.points).toHaveLength(288);
    expect(answer.points[bucket('12:00')]).toEqual({
      t: at('12:00:00'),
      sum_w: 800.3,
      devices: { roof: 700.1, barn: 100.2 },
      lacking: [],
    });
    // Where one device has nothing, the sum is the other's and says so.
    expect(answer.points[bucket('12:30')]).toEqual({
      t: at('12:30:00'),
      sum_w: 10,
      devices: { roof: null, barn: 10 },
      lacking: ['roof'],
    });
    expect(answer.points[0]).toEqual({
      t: FROM,
      sum_w: null,
      devices: { roof: null, barn: null },
      lacking: ['roof', 'barn'],
    });
  });

  it('names a device that did not answer in every bucket, in the plant’s order', () => {
    const answer = plantPower('2026-06-21', [
      { name: 'shed', unavailable: 'The device does not answer' },
      { name: '7', answer: day([inverter('r', [[at('12:00:00'), 300, 300]])]) },
    ]);
    expect(answer.devices).toEqual([
      { name: 'shed', unavailable: 'The device does not answer', timezone: null },
      { name: '7', unavailable: null, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
    ]);
    // The grid is the first answering device's day, whatever the order.
    expect([answer.from, answer.to]).toEqual([FROM, TO]);
    expect(answer.points[bucket('12:00')]).toMatchObject({ sum_w: 300, lacking: ['shed'] });
    expect(answer.points.every((point) => point.lacking[0] === 'shed')).toBe(true);
  });

  it('has 23 hours of buckets on the day the clocks go forward', () => {
    const from = Date.parse('2026-03-29T00:00:00+01:00');
    const to = Date.parse('2026-03-30T00:00:00+02:00');
    const answer = plantPower('2026-03-29', [{ name: 'roof', answer: day([], from, to) }]);
    expect(answer.points).toHaveLength(23 * 12);
    expect(answer.points.at(-1)!.t).toBe(to - PLANT_BUCKET_MS);
  });

  it('puts a device of another zone where its hours are, and it lacks outside its own day', () => {
    const london = day(
      [inverter('l', [[Date.parse('2026-06-21T23:30:00+01:00'), 5, 5]])],
      Date.parse('2026-06-21T00:00:00+01:00'),
      Date.parse('2026-06-22T00:00:00+01:00'),
      'GMT0BST,M3.5.0/1,M10.5.0',
    );
    const answer = plantPower('2026-06-21', [
      { name: 'berlin', answer: day([]) },
      { name: 'london', answer: london },
    ]);
    // 23:30 in London is 00:30 of the next day in Berlin: beyond the grid.
    expect(answer.points.every((point) => point.devices.london === null)).toBe(true);
    expect(answer.devices[1]!.timezone).toBe('GMT0BST,M3.5.0/1,M10.5.0');
  });

  it('cuts the UTC day and lacks every device when none answered', () => {
    const answer = plantPower('2026-06-21', [
      { name: 'roof', unavailable: 'HTTP 500' },
      { name: 'barn', unavailable: 'HTTP 503' },
    ]);
    expect([answer.timezone, answer.from, answer.to]).toEqual([
      '',
      Date.parse('2026-06-21T00:00:00Z'),
      Date.parse('2026-06-22T00:00:00Z'),
    ]);
    expect(answer.points).toHaveLength(288);
    expect(answer.points.every((point) => point.sum_w === null && point.lacking.length === 2)).toBe(true);
  });
});

function energy(periods: [string, number | null][]): EnergyAnswer {
  return {
    by: 'month',
    from: '2026-05-01',
    to: '2026-07-31',
    inverters: [{ serial: 's', name: 's' }],
    periods: periods.map(([period, total_wh]) => ({
      period,
      total_wh,
      inverters: { s: total_wh },
      ...energyFlow(total_wh, null, null),
    })),
  };
}

describe("the plant's energy", () => {
  const query = { by: 'month', from: '2026-05-01', to: '2026-07-31' } as const;

  it('sums the devices per period and names who lacks', () => {
    const answer = plantEnergy(query, [
      {
        name: 'roof',
        answer: energy([
          ['2026-05', 100.1],
          ['2026-06', 200.2],
          ['2026-07', null],
        ]),
      },
      {
        name: 'barn',
        answer: energy([
          ['2026-05', null],
          ['2026-06', 0.1],
          ['2026-07', null],
        ]),
      },
    ]);
    expect(answer).toEqual({
      ...query,
      devices: [
        { name: 'roof', unavailable: null },
        { name: 'barn', unavailable: null },
      ],
      periods: [
        {
          period: '2026-05',
          total_wh: 100.1,
          devices: { roof: 100.1, barn: null },
          lacking: ['barn'],
          ...energyFlow(100.1, null, null),
        },
        {
          period: '2026-06',
          total_wh: 200.3,
          devices: { roof: 200.2, barn: 0.1 },
          lacking: [],
          ...energyFlow(200.3, null, null),
        },
        {
          period: '2026-07',
          total_wh: null,
          devices: { roof: null, barn: null },
          lacking: ['roof', 'barn'],
          ...energyFlow(null, null, null),
        },
      ],
    });
  });

  it("sums the devices' grid meters (each its own house), or takes the plant's own meter", () => {
    const metered = (total: number, imported: number, exported: number, complete: boolean): EnergyAnswer => ({
      ...energy([['2026-06', total]]),
      periods: [
        {
          period: '2026-06',
          total_wh: total,
          inverters: { s: total },
          ...energyFlow(total, { importWh: imported, exportWh: exported }, complete),
        },
      ],
    });
    const devices = [
      { name: 'roof', answer: metered(1000, 300, 400, true) },
      { name: 'barn', answer: metered(500, 100, 200, false) },
      { name: 'shed', answer: energy([['2026-06', 250]]) },
    ];
    const [june] = plantEnergy(query, devices).periods;
    expect(june).toMatchObject({
      produced_wh: 1750,
      imported_wh: 400,
      exported_wh: 600,
      self_used_wh: 1150,
      consumption_wh: 1550,
      self_consumption_pct: 65.7,
      self_sufficiency_pct: 74.2,
      grid_complete: false,
    });
    const plant = new Map([['2026-06', { grid: { importWh: 50, exportWh: 1000 }, complete: true }]]);
    expect(plantEnergy(query, devices, plant).periods[0]).toMatchObject({
      produced_wh: 1750,
      imported_wh: 50,
      exported_wh: 1000,
      self_used_wh: 750,
      consumption_wh: 800,
      grid_complete: true,
    });
  });

  it('lacks a device that did not answer in every period, and has no periods when none answered', () => {
    const answer = plantEnergy(query, [
      { name: 'roof', unavailable: 'Unreachable' },
      {
        name: 'barn',
        answer: energy([
          ['2026-05', 5],
          ['2026-06', 6],
        ]),
      },
    ]);
    expect(answer.devices[0]).toEqual({ name: 'roof', unavailable: 'Unreachable' });
    expect(answer.periods.map(({ period, total_wh, lacking }) => [period, total_wh, lacking])).toEqual([
      ['2026-05', 5, ['roof']],
      ['2026-06', 6, ['roof']],
    ]);
    expect(plantEnergy(query, [{ name: 'roof', unavailable: 'Unreachable' }]).periods).toEqual([]);
  });
});

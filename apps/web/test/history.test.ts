import { energyFlow, type PowerInverter } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { makeCurve, SLOTS } from '../src/lib/day-curve';
import {
  energyBars,
  energyRange,
  energySummary,
  periodLabel,
  shiftAnchor,
  shiftDay,
  type EnergyAnswer,
} from '../src/lib/energy';
import { mergeCurves, recordedDay, type PowerAnswer } from '../src/lib/history-curve';

// 2026-06-21 in CEST: local midnight is 22:00 UTC the day before.
const FROM = Date.UTC(2026, 5, 20, 22);
const at = (hh: number, mm: number, ss = 0) => FROM + ((hh * 60 + mm) * 60 + ss) * 1000;

const answer = (inverters: Omit<PowerInverter, 'columns'>[], to = FROM + 86_400_000): PowerAnswer => ({
  date: '2026-06-21',
  timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  from: FROM,
  to,
  inverters: inverters.map((inverter) => ({
    ...inverter,
    columns: ['t', 'ac', ...inverter.strings.map((_, index) => `dc${index}` as const)],
  })),
});

describe('a recorded day as the power chart draws it', () => {
  const day = recordedDay(
    answer([
      {
        serial: 'A',
        name: 'House',
        strings: ['1', '2'],
        points: [
          [at(10, 0, 5), 500, 260, 250],
          [at(10, 0, 40), 520, 270, 260],
          // unchanged frames were skipped until 10:03: 520 W holds for 10:01 and 10:02
          [at(10, 3, 1), 600, 290, 320],
          [at(10, 3, 2), null, null, null], // a gap: the recorder lost the device
          [at(10, 7), 580, 300, 280],
        ],
      },
      { serial: 'B', name: 'Garage', strings: ['1'], points: [[at(10, 2), 100, 101]] },
    ]),
  );

  it('puts each sample on its minute of the device day, the newest of a minute winning', () => {
    expect(day.curve.inverters.A!.slice(600, 608)).toEqual([520, 520, 520, 600, null, null, null, 580]);
    expect(day.curve.whole).toBe(true);
    expect(day.curve.first).toBe(600);
    expect(day.curve.last).toBe(607);
  });

  it('sums the inverters that reported a minute, and keeps a gap a gap', () => {
    expect(day.curve.total.slice(600, 608)).toEqual([520, 520, 620, 600, null, null, null, 580]);
    expect(day.curve.peak).toEqual({ w: 620, slot: 602 });
  });

  it('finds the peaks of the day per inverter, string and in sum, with their times', () => {
    expect(day.peaks.inverters.A).toEqual({
      ac: { w: 600, t: at(10, 3, 1) },
      dc: { 0: { w: 300, t: at(10, 7) }, 1: { w: 320, t: at(10, 3, 1) } },
    });
    expect(day.peaks.total).toEqual({ w: 620, t: at(10, 2) });
    expect(day.peaks.day).toBe('2026-06-21');
  });

  it('counts minutes back from the day end on a day of 23 hours (clocks forward at night)', () => {
    const short = recordedDay(
      answer(
        [{ serial: 'A', name: 'A', strings: [], points: [[FROM + 11 * 3_600_000, 42]] }],
        FROM + 23 * 3_600_000,
      ),
    );
    // 11 hours after midnight on that day is 12:00 on the wall clock.
    expect(short.curve.total.indexOf(42)).toBe(12 * 60);
  });

  it('an empty day has no peak, and no slot beyond the day', () => {
    const empty = recordedDay(answer([{ serial: 'A', name: 'A', strings: [], points: [] }]));
    expect(empty.curve.peak).toBeUndefined();
    expect(empty.curve.total).toHaveLength(SLOTS);
    expect(empty.span).toBeUndefined();
  });

  it('knows when recording began and ended on a day without power (a night, inverters asleep)', () => {
    const night = recordedDay(
      answer([
        {
          serial: 'A',
          name: 'A',
          strings: ['1'],
          points: [
            [at(0, 12), null, null],
            [at(5, 40), null, null],
          ],
        },
        { serial: 'B', name: 'B', strings: ['1'], points: [[at(4, 3), null, null]] },
      ]),
    );
    expect(night.curve.peak).toBeUndefined();
    expect(night.span).toEqual({ first: 12, last: 5 * 60 + 40 });
    expect(day.span).toEqual({ first: 600, last: 607 });
  });

  it('the browser continues the recorded day with the minutes after its last', () => {
    const own = makeCurve('2026-06-21', [...Array<null>(607).fill(null), 1, 2, 3], { A: [] });
    const merged = mergeCurves(day.curve, own);
    expect(merged.total.slice(606, 610)).toEqual([null, 580, 2, 3]);
    expect(merged.last).toBe(609);
    expect(mergeCurves(day.curve, makeCurve('2026-06-20', [1], {}))).toBe(day.curve);
  });
});

describe('energy views', () => {
  const june: EnergyAnswer = {
    by: 'day',
    from: '2026-06-01',
    to: '2026-06-30',
    inverters: [
      { serial: 'A', name: 'House' },
      { serial: 'B', name: 'Garage' },
    ],
    periods: [
      {
        period: '2026-06-19',
        total_wh: null,
        inverters: { A: null, B: null },
        ...energyFlow(null, null, null),
      },
      {
        period: '2026-06-20',
        total_wh: 14870.2,
        inverters: { A: 10559.2, B: 4311 },
        ...energyFlow(14870.2, null, null),
      },
      {
        period: '2026-06-21',
        total_wh: 15102,
        inverters: { A: 10682, B: 4420 },
        ...energyFlow(15102, null, null),
      },
    ],
  };

  it('asks for the days of a month, the months of a year, the years since the first', () => {
    expect(energyRange('day', '2026-02-14', '2025')).toEqual(['2026-02-01', '2026-02-28']);
    expect(energyRange('day', '2028-02-14', '2025')).toEqual(['2028-02-01', '2028-02-29']);
    expect(energyRange('month', '2026-06-21', '2025')).toEqual(['2026-01-01', '2026-12-31']);
    expect(energyRange('year', '2026-06-21', '2024')).toEqual(['2024-01-01', '2026-12-31']);
  });

  it('steps a month or a year back and forth, and a day', () => {
    expect(shiftAnchor('day', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftAnchor('month', '2026-06-21', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('sums and finds the best period, for all inverters or one', () => {
    expect(energySummary(energyBars(june))).toEqual({
      total: 29972.2,
      best: { period: '2026-06-21', wh: 15102 },
    });
    expect(energySummary(energyBars(june, 'B'))).toEqual({
      total: 8731,
      best: { period: '2026-06-21', wh: 4420 },
    });
    expect(energySummary(energyBars({ ...june, periods: [june.periods[0]!] }))).toEqual({
      total: null,
      best: undefined,
    });
  });

  it('names periods in the language shown', () => {
    expect(periodLabel('en', '2026-06-21')).toBe('June 21, 2026');
    expect(periodLabel('de', '2026-06')).toBe('Juni 2026');
    expect(periodLabel('fr', '2026-06-21', true)).toBe('21');
    expect(periodLabel('en', '2026-06', true)).toBe('Jun');
    expect(periodLabel('en', '2026')).toBe('2026');
  });
});

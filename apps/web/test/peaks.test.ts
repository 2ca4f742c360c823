import type { LiveInverterFull, LiveTotal } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../src/i18n/runtime';
import type { LiveInverter } from '../src/lib/live-merge';
import { peakLabel, peakText } from '../src/components/peak-text';
import { dayOf } from '../src/lib/day-curve';
import { seedPeaks, trackPeaks as trackOn, type Peaks } from '../src/lib/peaks';

const NOON = new Date(2026, 5, 21, 12, 0, 0).getTime();
const value = (v: number) => ({ v, u: 'W', d: 1 });
const total = (w: number): LiveTotal => ({ Power: value(w), YieldDay: value(0), YieldTotal: value(0) });

function inverter(serial: string, ac: number, dc: number[], at: number, ageMs = 0): LiveInverter {
  return {
    serial,
    name: serial,
    order: 0,
    data_age: Math.floor(ageMs / 1000),
    data_age_ms: ageMs,
    poll_enabled: true,
    reachable: true,
    producing: true,
    limit_relative: 100,
    limit_absolute: 800,
    radio_stats: {} as LiveInverterFull['radio_stats'],
    AC: { '0': { Power: value(ac) } },
    DC: Object.fromEntries(dc.map((w, i) => [String(i), { name: { u: '' }, Power: value(w) }])),
    INV: {},
    events: 0,
    received_at: at,
  };
}

/** As the live store tracks them, here with the browser's clock as the device's. */
const trackPeaks = (
  peaks: Peaks | undefined,
  before: LiveInverter[],
  after: LiveInverter[],
  sum: LiveTotal,
  now: number,
): Peaks => trackOn(peaks, before, after, sum, now, dayOf(now));

describe('peaks of the day (issue 23)', () => {
  it('keeps the highest AC power per inverter, per string and of the sum, with when it was measured', () => {
    const a1 = inverter('a', 500, [300, 200], NOON, 2000);
    let peaks = trackPeaks(undefined, [], [a1], total(500), NOON);
    expect(peaks.since).toBe(NOON);
    expect(peaks.inverters.a).toEqual({
      ac: { w: 500, t: NOON - 2000 },
      dc: { '0': { w: 300, t: NOON - 2000 }, '1': { w: 200, t: NOON - 2000 } },
    });
    const a2 = inverter('a', 450, [150, 320], NOON + 60_000);
    peaks = trackPeaks(peaks, [a1], [a2], total(450), NOON + 60_000);
    expect(peaks.inverters.a!.ac).toEqual({ w: 500, t: NOON - 2000 });
    expect(peaks.inverters.a!.dc['0']!.w).toBe(300);
    expect(peaks.inverters.a!.dc['1']).toEqual({ w: 320, t: NOON + 60_000 });
    expect(peaks.total).toEqual({ w: 500, t: NOON });
  });

  it('looks only at inverters the merge replaced, and keeps the peaks object of the others', () => {
    const a = inverter('a', 500, [500], NOON);
    const b = inverter('b', 300, [300], NOON);
    const peaks = trackPeaks(undefined, [], [a, b], total(800), NOON);
    const b2 = inverter('b', 350, [350], NOON + 1000);
    const next = trackPeaks(peaks, [a, b], [a, b2], total(850), NOON + 1000);
    expect(next.inverters.a).toBe(peaks.inverters.a);
    expect(next.inverters.b!.ac!.w).toBe(350);
    // A lower frame changes nothing at all: the same object comes back.
    const b3 = inverter('b', 10, [10], NOON + 2000);
    const same = trackPeaks(next, [a, b2], [a, b3], total(510), NOON + 2000);
    expect(same).toBe(next);
  });

  it('starts again on a new day', () => {
    const a = inverter('a', 500, [500], NOON);
    const peaks = trackPeaks(undefined, [], [a], total(500), NOON);
    const tomorrow = NOON + 24 * 3600_000;
    const next = trackPeaks(peaks, [], [inverter('a', 20, [20], tomorrow)], total(20), tomorrow);
    expect(next.since).toBe(tomorrow);
    expect(next.inverters.a!.ac!.w).toBe(20);
  });

  it("starting over when the device's clock tells another day keeps the inverters a merge did not change", () => {
    const a = inverter('a', 500, [500], NOON);
    // Tracked on the browser's day before the device's clock was known.
    const early = trackOn(undefined, [], [a], total(500), NOON, '2026-01-01');
    // The clock's answer: the device's day is another; this merge changed no inverter.
    const next = trackOn(early, [a], [a], total(500), NOON + 1000, dayOf(NOON));
    expect(next.day).toBe(dayOf(NOON));
    expect(next.inverters.a!.ac!.w).toBe(500);
    expect(next.inverters.a!.dc['0']!.w).toBe(500);
  });

  it("takes a history server's whole day, the higher of both winning, and labels it as today's", () => {
    const a = inverter('a', 500, [500], NOON);
    const mine = trackPeaks(undefined, [], [a], total(500), NOON);
    const day = mine.day;
    const seeded = seedPeaks(mine, {
      day,
      total: { w: 900, t: NOON - 3600_000 },
      inverters: { a: { ac: { w: 400, t: NOON - 7200_000 }, dc: { '0': { w: 650, t: NOON - 3600_000 } } } },
    });
    expect(seeded.since).toBeUndefined();
    expect(seeded.total!.w).toBe(900);
    expect(seeded.inverters.a!.ac!.w).toBe(500);
    expect(seeded.inverters.a!.dc['0']!.w).toBe(650);
    const { t } = createTranslator([{ home: { PeakSince: 'Peak since {at}', PeakToday: 'Peak today' } }]);
    expect(peakLabel(t, 'en', seeded.since)).toBe('Peak today');
    expect(peakLabel(t, 'en', mine.since)).toMatch(/^Peak since \d\d:\d\d$/);
  });

  it('shows a peak as power and time, and a dash before any power was seen', () => {
    expect(peakText('en', { w: 2010.4, t: NOON + 31 * 60_000 })).toMatch(/^2,010 W · 12:31$/);
    expect(peakText('en', { w: 0, t: NOON })).toBe('–');
    expect(peakText('en', undefined)).toBe('–');
  });
});

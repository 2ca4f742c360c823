import { describe, expect, it } from 'vitest';
import { isDayPeriod, sunPosition, sunTimes, type SunsetType } from './sun';

const LAT = 51.1657;
const LON = 10.4515;

const hm = (text: string): number => {
  const [h, m] = text.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

// inverters.md §8.1 reference table (local times, truncated to minutes).
const REFERENCE: [string, number, SunsetType, string | null, string | null][] = [
  ['2025-03-20', 1, 0, '06:20', '18:31'],
  ['2025-03-20', 1, 2, '05:47', '19:04'],
  ['2025-03-20', 1, 1, '05:08', '19:43'],
  ['2025-03-20', 1, 3, '04:28', '20:24'],
  ['2025-06-21', 2, 0, '05:02', '21:37'],
  ['2025-06-21', 2, 2, '04:15', '22:24'],
  ['2025-06-21', 2, 1, '03:03', '23:36'],
  ['2025-06-21', 2, 3, null, null],
  ['2025-09-22', 2, 0, '07:04', '19:16'],
  ['2025-09-22', 2, 2, '06:31', '19:49'],
  ['2025-09-22', 2, 1, '05:52', '20:28'],
  ['2025-09-22', 2, 3, '05:11', '21:08'],
  ['2025-12-21', 1, 0, '08:19', '16:12'],
  ['2025-12-21', 1, 2, '07:39', '16:52'],
  ['2025-12-21', 1, 1, '06:57', '17:35'],
  ['2025-12-21', 1, 3, '06:16', '18:16'],
];

describe('sunTimes (NOAA, as the device computes them)', () => {
  it.each(REFERENCE)('%s offset %i type %i: %s-%s', (date, offset, type, rise, set) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const times = sunTimes({ year, month, day }, LAT, LON, offset * 3600, type);
    if (rise === null || set === null) {
      expect(times.sunrise).toBeUndefined();
      expect(times.sunset).toBeUndefined();
      return;
    }
    expect(Math.abs((times.sunrise ?? NaN) - hm(rise))).toBeLessThanOrEqual(1);
    expect(Math.abs((times.sunset ?? NaN) - hm(set))).toBeLessThanOrEqual(1);
    expect(Number.isInteger(times.sunrise)).toBe(true);
  });

  it('takes the UTC offset in whole hours, as the firmware does', () => {
    const date = { year: 2025, month: 6, day: 21 };
    const full = sunTimes(date, LAT, LON, 5 * 3600, 0);
    const half = sunTimes(date, LAT, LON, 5.5 * 3600, 0);
    expect(half).toEqual(full);
  });

  it('counts a day without the chosen twilight entirely as day', () => {
    expect(isDayPeriod(0, { sunrise: undefined, sunset: undefined })).toBe(true);
    expect(isDayPeriod(300, { sunrise: 302, sunset: 1297 })).toBe(false);
    expect(isDayPeriod(302, { sunrise: 302, sunset: 1297 })).toBe(true);
    expect(isDayPeriod(1297, { sunrise: 302, sunset: 1297 })).toBe(false);
  });
});

describe('sunPosition', () => {
  it('reaches the noon elevations of inverters.md §8.2 at the default site', () => {
    const peak = (isoDay: string): number => {
      let best = -90;
      const start = Date.parse(`${isoDay}T09:00:00Z`);
      for (let m = 0; m < 360; m += 1)
        best = Math.max(best, sunPosition(start + m * 60_000, 51.17, LON).elevation);
      return best;
    };
    expect(peak('2025-03-20')).toBeCloseTo(38.9, 0);
    expect(peak('2025-06-21')).toBeCloseTo(62.3, 0);
    expect(peak('2025-12-21')).toBeCloseTo(15.4, 0);
  });

  it('puts the sun in the south at solar noon and below the horizon at midnight', () => {
    const noon = sunPosition(Date.parse('2025-06-21T11:20:00Z'), LAT, LON);
    expect(noon.azimuth).toBeGreaterThan(170);
    expect(noon.azimuth).toBeLessThan(190);
    expect(sunPosition(Date.parse('2025-06-21T23:00:00Z'), LAT, LON).elevation).toBeLessThan(0);
    const morning = sunPosition(Date.parse('2025-06-21T05:00:00Z'), LAT, LON);
    expect(morning.azimuth).toBeLessThan(120);
  });
});

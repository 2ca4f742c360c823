import { describe, expect, it } from 'vitest';
import { formatDeviceTime } from './device-time';
import { epochOfLocal, localTimeAt, parsePosixTz, utcOffsetAt } from './posix-tz';

const at = (iso: string): number => Date.parse(iso);

describe('POSIX TZ strings (contract §3.4-3.8 local time)', () => {
  it('parses the default Europe/Berlin string', () => {
    const tz = parsePosixTz('CET-1CEST,M3.5.0,M10.5.0/3');
    expect(tz?.stdOffset).toBe(3600);
    expect(tz?.dst?.offset).toBe(7200);
    expect(tz?.dst?.end.time).toBe(3 * 3600);
  });

  it('switches Berlin to summer time at 01:00 UTC on the last Sunday of March', () => {
    const tz = parsePosixTz('CET-1CEST,M3.5.0,M10.5.0/3')!;
    expect(utcOffsetAt(tz, at('2025-03-30T00:59:59Z'))).toBe(3600);
    expect(utcOffsetAt(tz, at('2025-03-30T01:00:00Z'))).toBe(7200);
    expect(utcOffsetAt(tz, at('2025-10-26T00:59:59Z'))).toBe(7200);
    expect(utcOffsetAt(tz, at('2025-10-26T01:00:00Z'))).toBe(3600);
  });

  it('handles Cairo rules with a /24 end time and a Friday start', () => {
    const tz = parsePosixTz('EET-2EEST,M4.5.5/0,M10.5.4/24')!;
    // Last Friday of April 2025 is the 25th, 00:00 local = 22:00 UTC the day before.
    expect(utcOffsetAt(tz, at('2025-04-24T21:59:59Z'))).toBe(7200);
    expect(utcOffsetAt(tz, at('2025-04-24T22:00:00Z'))).toBe(10800);
    // Last Thursday of October 2025 is the 30th; 24:00 DST = 21:00 UTC on the 30th.
    expect(utcOffsetAt(tz, at('2025-10-30T20:59:59Z'))).toBe(10800);
    expect(utcOffsetAt(tz, at('2025-10-30T21:00:00Z'))).toBe(7200);
  });

  it('reads quoted numeric names and negative-east offsets', () => {
    const tz = parsePosixTz('<-05>5')!;
    expect(tz.stdName).toBe('-05');
    expect(localTimeAt(tz, at('2025-01-01T12:00:00Z')).hour).toBe(7);
  });

  it('handles southern-hemisphere DST (Sydney)', () => {
    const tz = parsePosixTz('AEST-10AEDT,M10.1.0,M4.1.0/3')!;
    expect(utcOffsetAt(tz, at('2025-01-15T00:00:00Z'))).toBe(11 * 3600);
    expect(utcOffsetAt(tz, at('2025-06-15T00:00:00Z'))).toBe(10 * 3600);
  });

  it('rejects garbage (the device then runs on UTC)', () => {
    expect(parsePosixTz('')).toBeUndefined();
    expect(parsePosixTz('CET-1CEST,M3.5')).toBeUndefined();
    expect(parsePosixTz('12')).toBeUndefined();
  });

  it('converts local wall-clock time back like mktime, normalising overflow', () => {
    const tz = parsePosixTz('CET-1CEST,M3.5.0,M10.5.0/3')!;
    const instant = epochOfLocal(tz, { year: 2025, month: 2, day: 31, hour: 12, minute: 0, second: 0 });
    expect(new Date(instant).toISOString()).toBe('2025-03-03T11:00:00.000Z');
    const summer = epochOfLocal(tz, { year: 2025, month: 6, day: 21, hour: 12, minute: 0, second: 0 });
    expect(new Date(summer).toISOString()).toBe('2025-06-21T10:00:00.000Z');
  });

  it('formats like the device strftime', () => {
    const tz = parsePosixTz('CET-1CEST,M3.5.0,M10.5.0/3')!;
    expect(formatDeviceTime(localTimeAt(tz, at('2025-04-14T07:05:03Z')))).toBe(
      'Monday, April 14 2025 09:05:03',
    );
    expect(formatDeviceTime(localTimeAt(tz, 0))).toBe('Thursday, January 01 1970 01:00:00');
  });
});

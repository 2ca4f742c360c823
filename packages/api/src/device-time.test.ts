import { describe, expect, it } from 'vitest';
import { deviceWallTime, formatDeviceTime, parseDeviceTime } from './device-time';
import { epochOfWall, localTimeAt, parsePosixTz } from './posix-tz';

const at = (iso: string): number => Date.parse(iso);
const BERLIN = 'CET-1CEST,M3.5.0,M10.5.0/3';

describe('device time texts (ntp_localtime)', () => {
  it('reads the wall clock the device shows, whatever its zone', () => {
    expect(deviceWallTime('Monday, April 14 2025 09:05:03')).toBe(Date.UTC(2025, 3, 14, 9, 5, 3));
    expect(deviceWallTime('Sunday, June 21 2026 23:50:00')).toBe(Date.UTC(2026, 5, 21, 23, 50));
    expect(deviceWallTime('Thursday, January 1 1970 00:00:07')).toBe(7000);
  });

  it('refuses what is not a device time', () => {
    expect(deviceWallTime('--')).toBeUndefined();
    expect(deviceWallTime('June 21 2026')).toBeUndefined();
    expect(deviceWallTime('Monday, Smarch 14 2025 09:05:03')).toBeUndefined();
    expect(deviceWallTime('Monday, april 14 2025 09:05:03')).toBeUndefined();
  });

  it('reads back what formatDeviceTime writes, as an instant in the device zone', () => {
    const tz = parsePosixTz(BERLIN)!;
    const instant = at('2026-06-21T10:00:05Z');
    const text = formatDeviceTime(localTimeAt(tz, instant));
    expect(text).toBe('Sunday, June 21 2026 12:00:05');
    expect(parseDeviceTime(text, tz)).toBe(instant);
    expect(parseDeviceTime('--', tz)).toBeUndefined();
  });

  it('takes the first of the twice-shown hour at the end of summer time', () => {
    const tz = parsePosixTz(BERLIN)!;
    // 2025-10-26 02:30 local happens at 00:30 UTC (CEST) and again at 01:30 UTC (CET).
    expect(parseDeviceTime('Sunday, October 26 2025 02:30:00', tz)).toBe(at('2025-10-26T00:30:00Z'));
    expect(epochOfWall(tz, Date.UTC(2025, 0, 1, 12))).toBe(at('2025-01-01T11:00:00Z'));
  });
});

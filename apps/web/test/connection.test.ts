import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../src/api/client';
import {
  deviceAnswered,
  deviceAway,
  frameArrived,
  framesStopped,
  getConnection,
} from '../src/api/connection';
import { parseDeviceTime } from '../src/api/device-time';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the connection state', () => {
  it('is connecting until something fails or answers; offline says since when values are frozen', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    expect(getConnection()).toEqual({ state: 'connecting', since: undefined });
    deviceAnswered();
    expect(getConnection().state).toBe('online');
    vi.advanceTimersByTime(5000);
    deviceAway();
    expect(getConnection()).toEqual({ state: 'offline', since: 1_000_000 });
    deviceAnswered();
    expect(getConnection().state).toBe('online');
  });

  it('counts a socket whose frames stop (a hung device) as away, and back with the next frame', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    frameArrived();
    vi.advanceTimersByTime(20_000);
    frameArrived();
    vi.advanceTimersByTime(24_000);
    expect(getConnection().state).toBe('online');
    vi.advanceTimersByTime(2000);
    expect(getConnection()).toEqual({ state: 'offline', since: 2_020_000 });
    frameArrived();
    expect(getConnection().state).toBe('online');
    // Leaving the live view: silence is expected, the device does not count as away.
    framesStopped();
    vi.advanceTimersByTime(60_000);
    expect(getConnection().state).toBe('online');
  });
});

describe('answers in the companion build', () => {
  it("the companion's own API answering says nothing of the device; the device's answers do", async () => {
    vi.stubEnv('MODE', 'companion');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } })),
    );
    deviceAway();
    await apiGet('companion/api/meter', { handleErrors: false });
    expect(getConnection().state).toBe('offline');
    await apiGet('api/livedata/status', { handleErrors: false });
    expect(getConnection().state).toBe('online');
  });
});

describe("the device's clock", () => {
  it("reads ntp_localtime as the device's wall clock", () => {
    expect(parseDeviceTime('Monday, April 14 2025 09:05:03')).toBe(Date.UTC(2025, 3, 14, 9, 5, 3));
    expect(parseDeviceTime('Sunday, June 21 2026 23:50:00')).toBe(Date.UTC(2026, 5, 21, 23, 50));
    expect(parseDeviceTime('--')).toBeUndefined();
    expect(parseDeviceTime('Monday, Smarch 14 2025 09:05:03')).toBeUndefined();
  });
});

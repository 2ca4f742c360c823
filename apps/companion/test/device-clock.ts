// The virtual DTU's own clock, read as any client reads it (GET /api/ntp/status): a test
// takes "now", "today" and "yesterday" from the device it started, never from this
// machine's clock. Through the companion the same request reaches the device.
import { localTimeAt, parseDeviceTime, posixTzOrUtc } from '@opendtu/server-kit/posix-tz';

const ADMIN_AUTH = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;
const pad2 = (n: number): string => String(n).padStart(2, '0');

export interface ClockReading {
  /** The device's time, epoch ms, to the second (the text counts whole seconds, floored). */
  time: number;
  /** Its POSIX TZ string. */
  timezone: string;
}

/**
 * Reads the device's clock once it has its time: for a moment after boot a DTU waits for
 * NTP and counts from 1970 (contract §3.4), so that answer is asked again.
 */
export async function readDeviceClock(device: URL | string, timeoutMs = 15_000): Promise<ClockReading> {
  const url = new URL('api/ntp/status', device.toString().endsWith('/') ? device : `${device}/`);
  const end = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(url, {
      headers: { Authorization: ADMIN_AUTH, 'X-Requested-With': 'XMLHttpRequest' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (answer.status !== 200) throw new Error(`${url.href} answered HTTP ${answer.status}`);
    const status = (await answer.json()) as {
      ntp_status: boolean;
      ntp_localtime: string;
      ntp_timezone: string;
    };
    const time = parseDeviceTime(status.ntp_localtime, posixTzOrUtc(status.ntp_timezone));
    if (status.ntp_status && time !== undefined) return { time, timezone: status.ntp_timezone };
    if (Date.now() > end) throw new Error(`${url.href} did not tell its time within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The device's time (epoch ms, to the second). */
export async function deviceTime(device: URL | string): Promise<number> {
  return (await readDeviceClock(device)).time;
}

/** The local day (YYYY-MM-DD) of an instant in a POSIX zone, `offsetDays` calendar days on. */
export function dayIn(timezone: string, time: number, offsetDays = 0): string {
  const local = localTimeAt(posixTzOrUtc(timezone), time);
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + offsetDays));
  return `${day.getUTCFullYear()}-${pad2(day.getUTCMonth() + 1)}-${pad2(day.getUTCDate())}`;
}

/** The device's day now (its "today"), or `offsetDays` from it (-1: its "yesterday"). */
export async function deviceDay(device: URL | string, offsetDays = 0): Promise<string> {
  const { time, timezone } = await readDeviceClock(device);
  return dayIn(timezone, time, offsetDays);
}

/**
 * Waits until `ms` have passed on the device's clock, from now: a positive sign that the
 * device lived through that time (a loaded machine may run its process late), where a sleep
 * on this machine's clock proves nothing. Answers the device's time then.
 */
export async function devicePassed(device: URL | string, ms: number, timeoutMs = 30_000): Promise<number> {
  // Readings are floored to the second: one second more makes sure.
  const target = (await deviceTime(device)) + ms + 1000;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const now = await deviceTime(device);
    if (now >= target) return now;
    if (Date.now() > end) throw new Error(`${ms} ms did not pass on the device within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

// The device's clock and its day and night, from /api/ntp/status (read-only). The power
// chart draws on the device's hours, not the browser's (a device in another zone, a
// simulated day), and an inverter that does not answer at night is asleep, not broken.
// Frames carry no time stamp, so the clock is an offset from the browser's, derived once
// and kept; the status is asked again every few minutes for the sun.
import { deviceWallTime } from '@opendtu/api';
import { useEffect, useState } from 'react';
import { dayOf } from '../lib/day-curve';
import { browserOffset, clockOf, type DeviceClock } from '../lib/device-clock';
import { getConnection, subscribeConnection } from './connection';
import { getNtpStatus } from './ntp';
import { smallStore } from './small-store';

const REFRESH_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/** A device whose clock is not set yet (just booted, NTP pending) is asked again this soon. */
const UNSET_RETRY_MS = 10_000;
/** A kept offset changes only when the device's clock moved (set by hand, another zone). */
const CLOCK_MOVED_MS = 60_000;

/**
 * The device's `ntp_localtime` ("Monday, April 14 2025 09:05:03") as its wall-clock time
 * in ms, counted as if it were UTC; undefined when it does not read as one. The contract's
 * reader (the servers read the same text), under the name this module always gave it.
 */
export const parseDeviceTime = deviceWallTime;

interface DeviceTime {
  /** Device wall clock minus browser clock, ms; undefined until the device told. */
  offset: number | undefined;
  /** The device reports night (outside its sun period). */
  night: boolean;
}

const deviceTime = smallStore<DeviceTime>({ offset: undefined, night: false });
let failed = false;
let watchers = 0;
let retry: ReturnType<typeof setTimeout> | undefined;

function set(next: DeviceTime): void {
  const { offset, night } = deviceTime.get();
  if (next.offset !== offset || next.night !== night) deviceTime.set(next);
}

/** Starts from the clock index.html's first paint read from the same status (api/early.ts). */
export const seedDeviceTime = (clock: DeviceClock): void => set(clock);

function refresh(): void {
  getNtpStatus({ handleErrors: false }).then(
    (status) => {
      failed = false;
      clearTimeout(retry);
      if (!status.ntp_status && watchers > 0) retry = setTimeout(refresh, UNSET_RETRY_MS);
      const { offset: measured, night } = clockOf(status);
      const kept = deviceTime.get().offset;
      set({
        offset: kept !== undefined && Math.abs(measured - kept) < CLOCK_MOVED_MS ? kept : measured,
        night,
      });
    },
    () => {
      failed = true;
      if (deviceTime.get().offset === undefined) set({ night: false, offset: browserOffset() });
    },
  );
}

/** Keeps clock and night current while the live view runs; returns the stop. */
export function watchDeviceTime(): () => void {
  watchers += 1;
  refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  const stop = subscribeConnection(() => {
    if (failed && getConnection().state === 'online') refresh();
  });
  return () => {
    watchers -= 1;
    if (watchers === 0) clearTimeout(retry);
    clearInterval(timer);
    stop();
  };
}

/** Now on the device's wall clock (ms, read as UTC), or undefined before it is known. */
export function deviceNow(now = Date.now()): number | undefined {
  const { offset } = deviceTime.get();
  return offset === undefined ? undefined : now + offset;
}

/**
 * A moment (ms since epoch) as the device's clock showed it, once that is known (the
 * formatter then gets the zone 'UTC'), else in the browser's zone.
 */
export function onDeviceClock(t: number, format: (time: number, timeZone?: string) => string): string {
  const wall = deviceNow(t);
  return wall === undefined ? format(t) : format(wall, 'UTC');
}

/** Whether the device reports night (inverters asleep, not faulty). */
export const useNight = (): boolean => deviceTime.use().night;

/**
 * The device's day, "YYYY-MM-DD", once its clock is known (the history screens); the
 * component renders again at the device's midnight, so "today" moves on.
 */
export function useDeviceDay(): string | undefined {
  deviceTime.use();
  const [tick, setTick] = useState(0);
  const wall = deviceNow();
  const day = wall === undefined ? undefined : dayOf(wall);
  useEffect(() => {
    const now = deviceNow();
    if (now === undefined) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), DAY_MS - (now % DAY_MS) + 1000);
    return () => clearTimeout(timer);
  }, [day, tick]);
  return day;
}

/** The device's day as soon as its clock is known (the live view's seed from the history). */
export function deviceDay(): Promise<string> {
  return new Promise((resolve) => {
    const check = (): void => {
      const wall = deviceNow();
      if (wall === undefined) return;
      stop();
      resolve(dayOf(wall));
    };
    const stop = deviceTime.subscribe(check);
    check();
  });
}

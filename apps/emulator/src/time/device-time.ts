import type { Clock } from '../clock';
import {
  epochOfLocal,
  localTimeAt,
  posixTzOrUtc,
  type LocalDateTime,
  type LocalTime,
  type PosixTz,
} from '@opendtu/server-kit/posix-tz';

/** How long after boot the emulated NTP sync takes, in real time. */
export const DEFAULT_NTP_SYNC_DELAY_MS = 2000;

/**
 * The device's notion of time (contract §3.4, §3.7, §3.8).
 *
 * NTP is emulated simply: for a short moment after boot (real time, `syncDelayMs`) the
 * device has no valid time and its clock reads 1970 plus uptime, as an ESP32 before its
 * first NTP answer; after that it is synced to the emulator clock (`device.clock`). Setting
 * the time by hand (POST /api/ntp/time) sets the emulator clock and counts as synced at once.
 * Local time follows the POSIX TZ string of the NTP settings, read on every call so a
 * saved time zone applies immediately.
 */
export interface DeviceTime {
  /** True when the local time is valid (the firmware's `getLocalTime`, year > 2016). */
  synced(): boolean;
  /** The device's current time in epoch ms: the emulator clock once synced, 1970 + uptime before. */
  now(): number;
  /** The configured time zone, parsed (UTC when the string does not parse). */
  tz(): PosixTz;
  /** Local wall-clock time at an instant (default: now). */
  local(at?: number): LocalTime;
  /** Seconds east of UTC at an instant (default: now). */
  utcOffset(at?: number): number;
  /** Sets the clock from a local wall-clock time (normalised like `mktime`); marks the time synced. */
  setLocal(parts: Omit<LocalDateTime, 'weekday'>): void;
  /** Marks the time synced without waiting: a device that has run all day had NTP's answer long ago. */
  markSynced(): void;
}

export interface DeviceTimeOptions {
  clock: Clock;
  /** The configured POSIX TZ string, read at each use. */
  timezone: () => string;
  /** Simulated milliseconds since boot. */
  uptimeMs: () => number;
  syncDelayMs?: number;
  /** Real time source (tests may replace it). */
  realNow?: () => number;
}

export function createDeviceTime(options: DeviceTimeOptions): DeviceTime {
  const realNow = options.realNow ?? Date.now;
  const bootReal = realNow();
  const delay = options.syncDelayMs ?? DEFAULT_NTP_SYNC_DELAY_MS;
  let known = false;
  let cachedText = '';
  let cachedTz = posixTzOrUtc('');

  const tz = (): PosixTz => {
    const text = options.timezone();
    if (text !== cachedText) {
      cachedText = text;
      cachedTz = posixTzOrUtc(text);
    }
    return cachedTz;
  };
  const synced = (): boolean => known || realNow() - bootReal >= delay;
  const now = (): number => (synced() ? options.clock.now() : options.uptimeMs());

  return {
    synced,
    now,
    tz,
    local: (at) => localTimeAt(tz(), at ?? now()),
    utcOffset: (at) => localTimeAt(tz(), at ?? now()).utcOffset,
    setLocal(parts) {
      options.clock.set(epochOfLocal(tz(), parts));
      known = true;
    },
    markSynced() {
      known = true;
    },
  };
}

/**
 * The device's clock and time zone, as the recorder needs them: a sample is stamped in the
 * device's time (arrival minus `data_age_ms`, which the device counts on its own clock)
 * and filed under the device's local day. A real device runs at real time, usually within
 * a second of this machine; the demo's virtual DTU may run at `--speed n` from another
 * start, so the offset is learnt from the device itself.
 *
 * GET /api/ntp/status (read-only access) gives `ntp_localtime` to the second and the
 * POSIX TZ string. Each answer bounds the offset: the device read D (floored to the
 * second) somewhere between sending (t0) and receiving (t1), so
 * D - speed*t1 <= offset < D + 1000 - speed*t0. The bounds of successive answers are
 * intersected; an answer outside them means the clock was set, and starts afresh.
 */
import {
  epochOfLocal,
  localTimeAt,
  parseDeviceTime,
  posixTzOrUtc,
  type PosixTz,
} from '@opendtu/server-kit/posix-tz';
import type { DeviceLink } from './link';

export const pad2 = (n: number): string => String(n).padStart(2, '0');

export class DeviceClock {
  private low = -Infinity;
  private high = Infinity;
  private tz: PosixTz = posixTzOrUtc('');
  private zoneText = '';
  private synced = false;
  private fallback = false;
  private resetCount = 0;
  private sunTimes: { rise: number; set: number } | undefined;

  constructor(
    /** Device milliseconds per real millisecond: 1, or the demo's --speed. */
    readonly speed: number,
    private readonly realNow: () => number = Date.now,
  ) {}

  /**
   * Whether stamps can be trusted: the device's time was read at least once, or (at real
   * speed) the device cannot tell it, and this machine's clock stands in.
   */
  get ready(): boolean {
    return this.synced || (this.speed === 1 && this.fallback);
  }

  /**
   * How often stamps changed their reference: the device's clock was found set to another
   * time, or it was read for the first time after this machine's clock stood in.
   */
  get resets(): number {
    return this.resetCount;
  }

  /** The device's POSIX TZ string ("" for UTC, as the device reads it). */
  get timezone(): string {
    return this.zoneText;
  }

  get zone(): PosixTz {
    return this.tz;
  }

  /**
   * Today's sunrise and sunset as the device last told them (its twilight setting
   * included); undefined before that, or when it has none (polar day or night).
   */
  get sun(): { rise: number; set: number } | undefined {
    return this.sunTimes;
  }

  /** The device's time at a real instant (default: now). */
  now(real = this.realNow()): number {
    const offset = this.synced ? (this.low + this.high) / 2 : 0;
    return Math.round(this.speed * real + offset);
  }

  /** The device's local day of an instant, as YYYY-MM-DD. */
  day(at: number): string {
    const local = localTimeAt(this.tz, at);
    return `${local.year}-${pad2(local.month)}-${pad2(local.day)}`;
  }

  /** The instants a local day begins and ends (the next day's start). */
  dayBounds(day: string): [number, number] {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const start = epochOfLocal(this.tz, { year, month, day: date, hour: 0, minute: 0, second: 0 });
    const end = epochOfLocal(this.tz, { year, month, day: date + 1, hour: 0, minute: 0, second: 0 });
    return [start, end];
  }

  /**
   * Takes one reading of the device's clock. Answers 'synced' when it told the time,
   * 'waiting' when it answered before its own NTP sync (ask again soon), 'unavailable'
   * when it did not answer or refused.
   */
  async sync(link: DeviceLink): Promise<'synced' | 'waiting' | 'unavailable'> {
    const sent = this.realNow();
    let answer;
    try {
      answer = await link.get('api/ntp/status', 'server');
    } catch {
      return 'unavailable';
    }
    const received = this.realNow();
    const status = answer.json as
      | {
          ntp_localtime?: unknown;
          ntp_timezone?: unknown;
          ntp_status?: unknown;
          sun_risetime?: unknown;
          sun_settime?: unknown;
        }
      | undefined;
    if (answer.status !== 200 || !status) {
      // Refused (read-only access off and no --password) or no such endpoint.
      this.fallback = true;
      return 'unavailable';
    }
    if (typeof status.ntp_timezone === 'string' && status.ntp_timezone !== this.zoneText) {
      this.zoneText = status.ntp_timezone;
      this.tz = posixTzOrUtc(status.ntp_timezone);
    }
    const timeOf = (text: unknown): number | undefined =>
      typeof text === 'string' ? parseDeviceTime(text, this.tz) : undefined;
    const rise = timeOf(status.sun_risetime);
    const set = timeOf(status.sun_settime);
    this.sunTimes = rise !== undefined && set !== undefined && rise < set ? { rise, set } : undefined;
    const read =
      typeof status.ntp_localtime === 'string' ? parseDeviceTime(status.ntp_localtime, this.tz) : undefined;
    // Before NTP the device counts from 1970: no time to learn, this machine's stands in.
    if (status.ntp_status !== true || read === undefined || read < Date.UTC(2016, 0, 1)) {
      this.fallback = true;
      return 'waiting';
    }
    const low = read - this.speed * received;
    const high = read + 1000 - this.speed * sent;
    if (low > this.high || high < this.low) {
      this.low = -Infinity;
      this.high = Infinity;
      if (this.synced) this.resetCount += 1;
    }
    // Stamps made with this machine's clock standing in are not the device's.
    if (!this.synced && this.fallback) this.resetCount += 1;
    this.low = Math.max(this.low, low);
    this.high = Math.min(this.high, high);
    this.synced = true;
    return 'synced';
  }
}

import type { WallDateTime } from './posix-tz';

/** GET /api/ntp/status (contract §3.4). */
export interface NtpStatus {
  ntp_server: string;
  /** POSIX TZ string. */
  ntp_timezone: string;
  /** IANA zone name. */
  ntp_timezone_descr: string;
  ntp_status: boolean;
  /** e.g. "Monday, April 14 2025 09:05:03". */
  ntp_localtime: string;
  /** Same format, or "--" without sun data. */
  sun_risetime: string;
  sun_settime: string;
  sun_isSunsetAvailable: boolean;
  sun_isDayPeriod: boolean;
}

/** GET/POST /api/ntp/config (contract §3.5, §3.6). */
export interface NtpConfig {
  ntp_server: string;
  /**
   * POSIX TZ string; gone from v26.3.28 (`Capabilities.zoneSource` 'api'), where the device
   * resolves `ntp_timezone_descr` itself and ignores this key in a POST.
   */
  ntp_timezone?: string;
  ntp_timezone_descr: string;
  longitude: number;
  latitude: number;
  /** A `SunsetType`; the device stores any 0..255 without a range check. */
  sunsettype: number;
}

/** Which twilight counts as sunrise/sunset. */
export const SunsetType = {
  Official: 0,
  Nautical: 1,
  Civil: 2,
  Astronomical: 3,
} as const;
export type SunsetType = (typeof SunsetType)[keyof typeof SunsetType];

/** POST /api/ntp/time: device local time to set (contract §3.8). */
export type NtpTimeRequest = WallDateTime;

/** GET /api/ntp/time (contract §3.7): device local time, 1970-based when never set. */
export interface NtpTime extends NtpTimeRequest {
  ntp_status: boolean;
}

// What an NTP status says about the device's clock, apart from its transport: the live
// view's first paint in index.html (src/boot) and the app's device-time store both read
// it this way, so both show the same hours and the same night.
import { deviceWallTime, type NtpStatus } from '@opendtu/api';

export interface DeviceClock {
  /** Device wall clock minus browser clock, ms. */
  offset: number;
  /** The device reports night (outside its sun period). */
  night: boolean;
}

/** The browser's own wall clock, for a device whose clock is not set (or did not say). */
export const browserOffset = (): number => -new Date().getTimezoneOffset() * 60_000;

/** The clock an NTP status shows as of `now` (a device without a set clock: the browser's). */
export function clockOf(
  status: Pick<NtpStatus, 'ntp_status' | 'ntp_localtime' | 'sun_isDayPeriod'>,
  now = Date.now(),
): DeviceClock {
  const wall = status.ntp_status ? deviceWallTime(status.ntp_localtime) : undefined;
  return { offset: wall === undefined ? browserOffset() : wall - now, night: !status.sun_isDayPeriod };
}

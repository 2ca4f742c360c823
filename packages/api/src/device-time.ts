/**
 * The device's local time as text: `ntp_localtime` of GET /api/ntp/status (contract §3.4),
 * written by `strftime("%A, %B %d %Y %H:%M:%S")` in English, e.g. `Monday, April 14 2025
 * 09:05:03`. Read by the web app (the device's wall clock) and by the servers (the instant,
 * with the device's POSIX TZ string); written by the emulator.
 */
import { epochOfWall, type LocalDateTime, type PosixTz } from './posix-tz';

const SHORT_MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec';

/**
 * A device time text as its wall-clock time in ms, counted as if it were UTC; undefined
 * when it does not read as one. The month is known by its first three letters (small
 * enough for the device bundle, which needs only this).
 */
export function deviceWallTime(text: string): number | undefined {
  const match = /([A-Z][a-z]{2})[a-z]* (\d{1,2}) (\d{4}) (\d\d):(\d\d):(\d\d)$/.exec(text);
  const month = match ? SHORT_MONTHS.indexOf(match[1]!) / 3 : -1;
  if (!match || month < 0 || month % 1) return undefined;
  const [, , day, year, hour, minute, second] = match.map(Number) as number[];
  return Date.UTC(year!, month, day!, hour!, minute!, second!);
}

/** The instant a device time text names in zone `tz` (as `mktime` finds it); undefined if malformed. */
export function parseDeviceTime(text: string, tz: PosixTz): number | undefined {
  const wall = deviceWallTime(text);
  return wall === undefined ? undefined : epochOfWall(tz, wall);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const two = (n: number): string => String(n).padStart(2, '0');

/** A local time as the device writes it (e.g. `Monday, April 14 2025 09:05:03`). */
export function formatDeviceTime(time: LocalDateTime): string {
  return (
    `${WEEKDAYS[time.weekday] ?? ''}, ${MONTHS[time.month - 1] ?? ''} ${two(time.day)} ${time.year} ` +
    `${two(time.hour)}:${two(time.minute)}:${two(time.second)}`
  );
}

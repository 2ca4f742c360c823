/**
 * The device's local time for the servers: POSIX TZ strings and the `ntp_localtime` text.
 * Pure, so it lives once in the contract package (the web app reads the same text); this
 * module keeps the servers' import path.
 */
export {
  UTC,
  epochOfLocal,
  epochOfWall,
  formatDeviceTime,
  localTimeAt,
  parseDeviceTime,
  parsePosixTz,
  posixTzOrUtc,
  utcOffsetAt,
  type LocalDateTime,
  type LocalTime,
  type PosixTz,
  type TransitionDate,
  type TransitionRule,
} from '@opendtu/api';

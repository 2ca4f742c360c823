/**
 * Quiet hours: the owner's local times (on the device's clock) in which no message goes
 * out. Alerts are still raised and stored; their messages wait in the outbox and go out at
 * the end. A span whose end is before its start runs over midnight (22:00 to 07:00).
 */
import { epochOfLocal, localTimeAt, type PosixTz } from '@opendtu/server-kit/posix-tz';

/** Minutes of the local day, 0..1439. */
export interface QuietHours {
  from: number;
  to: number;
}

/** "22:00" -> 1320; undefined for anything else. */
export function minuteOfDay(text: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? hour * 60 + minute : undefined;
}

/** Two different local times as quiet hours; undefined when either is not HH:MM or both are one. */
export function quietSpan(fromText: string, toText: string): QuietHours | undefined {
  const [from, to] = [minuteOfDay(fromText), minuteOfDay(toText)];
  return from === undefined || to === undefined || from === to ? undefined : { from, to };
}

export const clockText = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** When the quiet hours that hold at `at` end (device epoch ms); undefined when they do not hold. */
export function quietUntil(at: number, zone: PosixTz, quiet: QuietHours | undefined): number | undefined {
  if (!quiet || quiet.from === quiet.to) return undefined;
  const local = localTimeAt(zone, at);
  const minute = local.hour * 60 + local.minute;
  const inside =
    quiet.from < quiet.to
      ? minute >= quiet.from && minute < quiet.to
      : minute >= quiet.from || minute < quiet.to;
  if (!inside) return undefined;
  // The end is today unless the span runs over midnight and we are before it.
  const day = quiet.from > quiet.to && minute >= quiet.from ? local.day + 1 : local.day;
  return epochOfLocal(zone, {
    year: local.year,
    month: local.month,
    day,
    hour: Math.floor(quiet.to / 60),
    minute: quiet.to % 60,
    second: 0,
  });
}

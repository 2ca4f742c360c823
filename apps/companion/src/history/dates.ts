/** The history API's dates: YYYY-MM-DD days, and the periods of `by=day|month|year`. */
import { localTimeAt, type EnergyBy, type PosixTz } from '@opendtu/api';

const PERIOD_LENGTH: Record<EnergyBy, number> = { day: 10, month: 7, year: 4 };

/** A real calendar day written YYYY-MM-DD, else undefined. */
export function parseDay(text: unknown): string | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
}

/** The period a day belongs to: 2026-06-21, 2026-06 or 2026. */
export const periodOf = (day: string, by: EnergyBy): string => day.slice(0, PERIOD_LENGTH[by]);

/** Every period from the one of `from` to the one of `to`, in order. */
export function periodsBetween(from: string, to: string, by: EnergyBy): string[] {
  const periods: string[] = [];
  const date = new Date(`${from}T00:00:00Z`);
  const last = periodOf(to, by);
  for (let period = periodOf(from, by); period <= last;) {
    periods.push(period);
    if (by === 'day') date.setUTCDate(date.getUTCDate() + 1);
    else if (by === 'month') date.setUTCMonth(date.getUTCMonth() + 1, 1);
    else date.setUTCFullYear(date.getUTCFullYear() + 1, 0, 1);
    period = periodOf(date.toISOString().slice(0, 10), by);
  }
  return periods;
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** An instant as the device's local time with its offset: 2026-06-21T12:00:05+02:00. */
export function localIso(tz: PosixTz, at: number): string {
  const local = localTimeAt(tz, at);
  const offset = local.utcOffset / 60;
  const sign = offset < 0 ? '-' : '+';
  return (
    `${local.year}-${pad(local.month)}-${pad(local.day)}T${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

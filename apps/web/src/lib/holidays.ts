/** Which picture the brand icon shows: the usual sun, or a seasonal one. */
export type BrandIcon = 'sun' | 'tree' | 'egg';

const DAY_MS = 86_400_000;

/**
 * Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, also known as
 * Meeus/Jones/Butcher). Returns a local date at midnight.
 */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(year, month - 1, day);
}

/** Whole days from `from` to `to`, by calendar date (immune to DST shifts). */
function daysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / DAY_MS);
}

/** A tree from 24 to 26 December, an egg from Good Friday to Easter Monday, else the sun. */
export function brandIconFor(date: Date): BrandIcon {
  const month = date.getMonth();
  const day = date.getDate();
  if (month === 11 && day >= 24 && day <= 26) return 'tree';
  const offset = daysBetween(easterSunday(date.getFullYear()), date);
  if (offset >= -2 && offset <= 1) return 'egg';
  return 'sun';
}

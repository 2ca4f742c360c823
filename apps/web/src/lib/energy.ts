// The energy view of the companion's history (GET /companion/api/energy): which periods a
// view shows, its bars for all inverters or one, and what it adds up to. Only the
// companion build uses it.
import type { EnergyAnswer, EnergyBy } from '@opendtu/api';
import { formatNumber } from './format';

export type { EnergyAnswer, EnergyBy };

export interface Bar {
  /** "2026-06-21", "2026-06" or "2026". */
  period: string;
  wh: number | null;
}

const lastOfMonth = (month: string): string => {
  const date = new Date(`${month}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
};

/**
 * The days a view asks for around the day `anchor`: the days of its month (by day), the
 * months of its year (by month), or every year from the first recorded one (by year).
 */
export function energyRange(by: EnergyBy, anchor: string, firstYear: string): [string, string] {
  if (by === 'day') return [`${anchor.slice(0, 7)}-01`, lastOfMonth(anchor.slice(0, 7))];
  const year = anchor.slice(0, 4);
  return [`${by === 'month' ? year : firstYear}-01-01`, `${year}-12-31`];
}

/** The first day of the month (by day) or year (by month) `step` periods away. */
export function shiftAnchor(by: EnergyBy, anchor: string, step: number): string {
  const date = new Date(`${anchor.slice(0, 7)}-01T00:00:00Z`);
  if (by === 'day') date.setUTCMonth(date.getUTCMonth() + step);
  else date.setUTCFullYear(date.getUTCFullYear() + step, 0);
  return date.toISOString().slice(0, 10);
}

/** The bars of the sum, or of one inverter's serial. */
export const energyBars = (answer: EnergyAnswer, serial?: string): Bar[] =>
  answer.periods.map(({ period, total_wh, inverters }) => ({
    period,
    wh: serial ? (inverters[serial] ?? null) : total_wh,
  }));

/** What the bars add up to, and the best of them; total null when nothing was recorded. */
export function energySummary(bars: readonly Bar[]): { total: number | null; best: Bar | undefined } {
  let total: number | null = null;
  let best: Bar | undefined;
  for (const bar of bars) {
    if (bar.wh === null) continue;
    total = (total ?? 0) + bar.wh;
    if (!best || bar.wh > best.wh!) best = bar;
  }
  return { total: total === null ? null : Math.round(total * 10) / 10, best };
}

/** A period in words: "21 June 2026", "June 2026", "2026"; `short`: "21", "Jun", "2026". */
export function periodLabel(locale: string, period: string, short = false): string {
  if (period.length === 4) return period;
  const day = period.length === 10;
  const options: Intl.DateTimeFormatOptions = short
    ? day
      ? { day: 'numeric' }
      : { month: 'short' }
    : { ...(day && { day: 'numeric' }), month: 'long', year: 'numeric' };
  const date = new Date(`${period.slice(0, 7)}-${day ? period.slice(8) : '01'}T00:00:00Z`);
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { ...options, timeZone: 'UTC' }).format(date);
  }
}

/** The day `step` days from `day` (both "YYYY-MM-DD"). */
export function shiftDay(day: string, step: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + step);
  return date.toISOString().slice(0, 10);
}

/** Energy always in kWh with one decimal ("312.4 kWh"), so bars and totals read alike. */
export const formatKwh = (locale: string, wh: number): string => `${formatNumber(locale, wh / 1000, 1)} kWh`;

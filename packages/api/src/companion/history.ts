/**
 * The recorder's history: GET /companion/api/power and /companion/api/energy. Both follow
 * the device's read-only rule, and both answer CSV instead with `format=csv` (header line
 * first; not typed here, it is for spreadsheets).
 */
import type { EnergyFlowFields } from './meter';

/** Query of GET /companion/api/power. */
export interface PowerQuery {
  /** The device's local day, YYYY-MM-DD. */
  date: string;
  /** Only this inverter (404 when it was never recorded). */
  serial?: string;
  format?: 'json' | 'csv';
}

/** The columns of a power row: time, AC power, then DC power of each string in input order. */
export type PowerColumns = ['t', 'ac', ...`dc${number}`[]];

/**
 * One row of a day: [t, ac, dc0, dc1, ...]. `t` is the device's time (ms since epoch) the
 * inverter was read; powers in W, one decimal. Every value after `t` is null in a row that
 * marks a gap (recording broke off) or an unreachable inverter: not measurements, so a
 * chart does not join across them. The recorder skips frames that changed nothing, so a
 * value holds until the next row.
 */
export type PowerRow = [t: number, ac: number | null, ...dc: (number | null)[]];

export interface PowerInverter {
  serial: string;
  name: string;
  /** The strings' names, in input order ("" where none is set). */
  strings: string[];
  columns: PowerColumns;
  points: PowerRow[];
}

/** GET /companion/api/power?date=YYYY-MM-DD[&serial=S]: the day at the stored resolution. */
export interface PowerAnswer {
  date: string;
  /** The device's POSIX TZ string the day was cut by ("" for UTC). */
  timezone: string;
  /** The device's local midnights that begin and end the day, ms since epoch (23 to 25 hours apart). */
  from: number;
  to: number;
  inverters: PowerInverter[];
}

/** What one energy period spans. */
export type EnergyBy = 'day' | 'month' | 'year';

/** Query of GET /companion/api/energy (at most about 30 years at once). */
export interface EnergyQuery {
  by: EnergyBy;
  /** First and last day, YYYY-MM-DD; the periods they fall in are answered whole. */
  from: string;
  to: string;
  serial?: string;
  format?: 'json' | 'csv';
}

/** A period's energy; with a grid meter (issue 45) also its flow (meter.ts), else those fields are null. */
export interface EnergyPeriod extends EnergyFlowFields {
  /** "2026-06-21", "2026-06" or "2026". */
  period: string;
  /** Wh of all inverters; null when nothing was recorded in the period. */
  total_wh: number | null;
  /** Wh per inverter serial; null where that inverter recorded nothing. */
  inverters: Record<string, number | null>;
}

/** GET /companion/api/energy: Wh per period (one decimal), in sum and per inverter. */
export interface EnergyAnswer {
  by: EnergyBy;
  from: string;
  to: string;
  inverters: { serial: string; name: string }[];
  periods: EnergyPeriod[];
}

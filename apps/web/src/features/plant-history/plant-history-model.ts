// The plant's history as the page shows it (pure): the day as the power chart's minute
// slots, where its sum lacks a device, and the energy periods of a view with their totals.
import type { PlantEnergyPeriod, PlantPowerAnswer } from '@opendtu/api';
import { makeCurve, SLOT_MS, SLOTS, type DayCurve, type Series } from '../../lib/day-curve';

/** The browser's day: the plant page has no device clock to ask (no device at the root). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Minute slot of a time of the day that ends at `to`: counted from the end, as a device's history is. */
const slotIn = (to: number, t: number): number => Math.round((t - (to - SLOTS * SLOT_MS)) / SLOT_MS);

/**
 * The day for the power chart: the sum and each device (by name) over the minute slots,
 * each bucket's value over all its minutes. As on a device's history, slots count back
 * from the day's end: on a day of 25 hours the first night hour falls off, no daylight.
 */
export function plantCurve(answer: PlantPowerAnswer): DayCurve {
  const empty = (): Series => Array<null>(SLOTS).fill(null);
  const total = empty();
  const devices: Record<string, Series> = Object.fromEntries(
    answer.devices.map(({ name }) => [name, empty()]),
  );
  const minutes = answer.bucket_ms / SLOT_MS;
  for (const point of answer.points) {
    const first = slotIn(answer.to, point.t);
    for (let slot = Math.max(first, 0); slot < Math.min(first + minutes, SLOTS); slot += 1) {
      total[slot] = point.sum_w;
      for (const { name } of answer.devices) devices[name]![slot] = point.devices[name] ?? null;
    }
  }
  return makeCurve(answer.date, total, devices, true);
}

/** A stretch of the day whose sum lacks the same devices: minute slots [from, to). */
export interface Shortfall {
  devices: string[];
  from: number;
  to: number;
}

/**
 * Where the day's sum exists but lacks devices that did answer (they recorded nothing
 * there), as stretches. A device that did not answer at all lacks everywhere and is said
 * once, not here; buckets without any value have no sum to be short.
 */
export function shortfalls(answer: PlantPowerAnswer): Shortfall[] {
  const absent = new Set(answer.devices.filter((d) => d.unavailable !== null).map((d) => d.name));
  const stretches: (Shortfall & { key: string; next: number })[] = [];
  answer.points.forEach((point, index) => {
    const lacking = point.lacking.filter((name) => !absent.has(name));
    if (point.sum_w === null || lacking.length === 0) return;
    const key = lacking.join(' ');
    const last = stretches.at(-1);
    const to = slotIn(answer.to, point.t + answer.bucket_ms);
    if (last && last.key === key && last.next === index) {
      last.to = to;
      last.next = index + 1;
    } else stretches.push({ devices: lacking, from: slotIn(answer.to, point.t), to, key, next: index + 1 });
  });
  return stretches.map(({ devices, from, to }) => ({
    devices,
    from: Math.max(from, 0),
    to: Math.min(to, SLOTS),
  }));
}

/** The periods a view shows: years before the first with any energy are left out. */
export function shownPeriods(periods: readonly PlantEnergyPeriod[], byYear: boolean): PlantEnergyPeriod[] {
  if (!byYear) return [...periods];
  const first = periods.findIndex((period) => period.total_wh !== null);
  return periods.slice(first < 0 ? -1 : first);
}

export interface ViewTotals {
  /** Wh of all the periods' sums; null when none has one. */
  total: number | null;
  /** Wh per device over the periods; null where it has none. */
  devices: Record<string, number | null>;
  /** Devices missing from a period that has a sum: the total lacks them there. */
  lacking: string[];
}

const round1 = (wh: number): number => Math.round(wh * 10) / 10;

/** What a view's periods add up to, in sum and per device, and whom the sum lacks. */
export function viewTotals(periods: readonly PlantEnergyPeriod[], names: readonly string[]): ViewTotals {
  let total: number | null = null;
  const devices: Record<string, number | null> = Object.fromEntries(names.map((name) => [name, null]));
  const lacking = new Set<string>();
  for (const period of periods) {
    if (period.total_wh === null) continue;
    total = (total ?? 0) + period.total_wh;
    for (const name of period.lacking) lacking.add(name);
    for (const name of names) {
      const wh = period.devices[name];
      if (wh != null) devices[name] = (devices[name] ?? 0) + wh;
    }
  }
  for (const name of names) if (devices[name] != null) devices[name] = round1(devices[name]!);
  return {
    total: total === null ? null : round1(total),
    devices,
    lacking: names.filter((name) => lacking.has(name)),
  };
}

// The live-data merge (conventions: one store, frames merged by serial). Pure, so the
// store and its tests share it. What each firmware sends is read by the contract's
// readLiveInverters (older layouts, `data_age` before `data_age_ms`).
import {
  readLiveInverters,
  type LiveDataResponse,
  type LiveHints,
  type LiveInverterCommon,
  type LiveInverterRead,
  type LiveTotal,
} from '@opendtu/api';

/** One inverter as the store keeps it: the device's object in today's layout, and when it came. */
export type LiveInverter = LiveInverterRead & {
  /** Browser time (ms since epoch) at which `data_age_ms` was true. */
  received_at: number;
};

export interface LiveState {
  inverters: LiveInverter[];
  total: LiveTotal | undefined;
  hints: LiveHints | undefined;
}

export const EMPTY_LIVE_STATE: LiveState = { inverters: [], total: undefined, hints: undefined };

/**
 * Merges one answer or frame: every inverter is matched by serial, never by position (a
 * full object keeps its channels when a common-only list arrives later); an unknown
 * serial is appended. `total` and `hints` follow the newest message. With `replaceList`
 * (the list answer of GET without `inv`) inverters the device no longer has are dropped.
 */
export function mergeLive(
  state: LiveState,
  message: LiveDataResponse<LiveInverterCommon>,
  receivedAt: number,
  replaceList = false,
): LiveState {
  const incoming = readLiveInverters(message);
  const bySerial = new Map(state.inverters.map((inverter) => [inverter.serial, inverter]));
  let inverters = replaceList
    ? incoming.map((entry) => bySerial.get(entry.serial) ?? { ...entry, received_at: receivedAt })
    : [...state.inverters];
  for (const entry of incoming) {
    const index = inverters.findIndex((inverter) => inverter.serial === entry.serial);
    const merged = { ...inverters[index], ...entry, received_at: receivedAt } as LiveInverter;
    if (index >= 0) inverters[index] = merged;
    else inverters = [...inverters, merged];
  }
  return {
    inverters,
    total: same(message.total, state.total),
    hints: same(message.hints, state.hints),
  };
}

/**
 * The new value, or the old object when it holds the same: every frame repeats `total` and
 * `hints`, and what shows them renders again only when the object changes.
 */
function same<T>(next: T | undefined, old: T | undefined): T | undefined {
  return next === undefined || JSON.stringify(next) === JSON.stringify(old) ? old : next;
}

/** The inverters in the device's configured order (the pill list, the chart legend). */
export function byOrder<T extends { order: number }>(inverters: readonly T[]): T[] {
  return [...inverters].sort((a, b) => a.order - b.order);
}

/** Seconds since the inverter's last statistics, as of `now` (ticks in the browser). */
export function dataAgeSeconds(
  inverter: Pick<LiveInverter, 'data_age_ms' | 'received_at'>,
  now: number,
): number {
  return Math.max(0, Math.floor((inverter.data_age_ms + Math.max(0, now - inverter.received_at)) / 1000));
}

/** Above this age the header also shows when the data was taken (spec §9). */
export const ABSOLUTE_TIME_AFTER_S = 300;

/** The moment the inverter's data was taken, in browser time. */
export function dataTakenAt(inverter: Pick<LiveInverter, 'data_age_ms' | 'received_at'>): Date {
  return new Date(inverter.received_at - inverter.data_age_ms);
}

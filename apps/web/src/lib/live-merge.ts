// The live-data merge (conventions: one store, frames merged by serial). Pure, so the
// store and its tests share it.
import {
  isLiveInverter,
  type LiveDataResponse,
  type LiveHints,
  type LiveInverterCommon,
  type LiveInverterFull,
  type LiveTotal,
} from '@opendtu/api';

/** One inverter as the store keeps it: the device's object plus when it arrived. */
export type LiveInverter = (LiveInverterCommon | LiveInverterFull) & {
  /** Browser time (ms since epoch) at which `data_age_ms` was true. */
  received_at: number;
  /** Always set here (from `data_age` on firmware before v25.4.2). */
  data_age_ms: number;
};

export interface LiveState {
  inverters: LiveInverter[];
  total: LiveTotal | undefined;
  hints: LiveHints | undefined;
}

export const EMPTY_LIVE_STATE: LiveState = { inverters: [], total: undefined, hints: undefined };

/** The inverter fields firmware before v24.2.12 reports in AC "0" instead of INV "0". */
const INVERTER_SUMS = ['Power DC', 'YieldDay', 'YieldTotal', 'Efficiency'] as const;

/**
 * An inverter in today's shape, whatever firmware sent it: before v24.2.12 the sums sit
 * in AC "0" (moved to INV "0" here), before v25.4.2 there is no `data_age_ms`.
 */
function currentShape(entry: LiveInverterCommon): LiveInverterCommon & { data_age_ms: number } {
  const result = { ...entry, data_age_ms: entry.data_age_ms ?? entry.data_age * 1000 };
  const ac = (result as Partial<LiveInverterFull>).AC?.['0'] as Record<string, unknown> | undefined;
  if (ac && 'Power DC' in ac) {
    const full = result as LiveInverterFull;
    const moved = Object.fromEntries(INVERTER_SUMS.filter((key) => key in ac).map((key) => [key, ac[key]]));
    const rest = Object.fromEntries(Object.entries(ac).filter(([key]) => !(key in moved)));
    full.AC = { ...full.AC, '0': rest };
    full.INV = { ...full.INV, '0': { ...moved, ...full.INV?.['0'] } };
  }
  return result;
}

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
  const incoming = (Array.isArray(message.inverters) ? message.inverters : [])
    .filter(isLiveInverter)
    .map(currentShape);
  const bySerial = new Map(state.inverters.map((inverter) => [inverter.serial, inverter]));
  let inverters = replaceList
    ? incoming.map(
        (entry) => bySerial.get(entry.serial) ?? ({ ...entry, received_at: receivedAt } as LiveInverter),
      )
    : [...state.inverters];
  for (const entry of incoming) {
    const index = inverters.findIndex((inverter) => inverter.serial === entry.serial);
    const merged = { ...inverters[index], ...entry, received_at: receivedAt } as LiveInverter;
    if (index >= 0) inverters[index] = merged;
    else inverters = [...inverters, merged];
  }
  return {
    inverters,
    total: message.total ?? state.total,
    hints: message.hints ?? state.hints,
  };
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

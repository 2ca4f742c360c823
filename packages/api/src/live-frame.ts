/**
 * Reading live data as every firmware release writes it (firmware-versions.md): the one
 * place that knows the older shapes, so the web app's store, the companion's recorder and
 * the tests see today's layout whatever the device runs.
 * - before v24.2.12 the sums of an inverter (`Power DC`, `YieldDay`, `YieldTotal`,
 *   `Efficiency`) sit in AC "0", and INV "0" holds only `Temperature`; a frame may carry
 *   every inverter;
 * - before v25.4.2 there is no `data_age_ms`, only whole seconds in `data_age`.
 */
import {
  isLiveInverter,
  type LiveDataFullResponse,
  type LiveInverterCommon,
  type LiveInverterFull,
} from './livedata';

/** An inverter entry in today's layout, its age always in ms. */
export type LiveInverterRead = (LiveInverterCommon | LiveInverterFull) & { data_age_ms: number };

/** The inverter fields firmware before v24.2.12 reports in AC "0" instead of INV "0". */
const INVERTER_SUMS = ['Power DC', 'YieldDay', 'YieldTotal', 'Efficiency'];

/**
 * The text of a `/livedata` frame as an answer; undefined for anything that is not one
 * (the `{}` of older firmware, text that is not JSON).
 */
export function parseLiveFrame(text: string): LiveDataFullResponse | undefined {
  try {
    const frame = JSON.parse(text) as Partial<LiveDataFullResponse> | null;
    return Array.isArray(frame?.inverters) ? (frame as LiveDataFullResponse) : undefined;
  } catch {
    return undefined;
  }
}

/** Milliseconds since the inverter's last statistics: `data_age_ms`, else `data_age` seconds, else 0. */
export function dataAgeMs(entry: { data_age?: unknown; data_age_ms?: unknown }): number {
  const { data_age: s, data_age_ms: ms } = entry;
  return typeof ms === 'number' ? ms : typeof s === 'number' ? s * 1000 : 0;
}

/** One inverter entry in today's layout (a copy; the entry is left as it is). */
export function currentLayout(entry: LiveInverterCommon): LiveInverterRead {
  const result = { ...entry, data_age_ms: dataAgeMs(entry) };
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
 * The inverters of a live-data answer or frame (any number of them), in today's layout;
 * the transient `{}` entries and anything else without a serial are left out.
 */
export function readLiveInverters(message: unknown): LiveInverterRead[] {
  const inverters = (message as { inverters?: unknown } | null)?.inverters;
  return Array.isArray(inverters) ? inverters.filter(isLiveInverter).map(currentLayout) : [];
}

/** A field's value of a channel (`v`) when it is a finite number, else undefined. */
export function liveValue(channel: object | undefined, field: string): number | undefined {
  const v = (channel as Record<string, { v?: unknown } | undefined> | undefined)?.[field]?.v;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

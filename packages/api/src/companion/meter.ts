/**
 * The grid meter of the house (issue 45): read whether or not zero export runs, its
 * energy recorded beside the inverters' production.
 * - GET /companion/api/meter: its reading now (MeterAnswer), by the device's read-only rule;
 * - GET and POST /companion/api/meter/settings (admin): which meter (MeterSettingsAnswer,
 *   MeterSettingsBody), saved in meter.json in the data folder, which then stands in for
 *   the --meter option;
 * - GET /companion/api/flow?date=YYYY-MM-DD[&format=csv]: the day in 5-minute slots
 *   (FlowAnswer), by the read-only rule;
 * - GET /companion/api/energy gains the flow's figures per period (EnergyFlowFields).
 * With several devices the same paths at the root under /companion/api/plant/ answer for
 * the plant's meter (one house), or sum the devices' own meters.
 */
import type { ControlMeterKind } from './control';

/** How a meter is read: the same kinds as zero export's (`--control-meter`). */
export type MeterKind = ControlMeterKind;

/**
 * The meter as the owner gives it (the same fields as zero export's meter): for the three
 * known meters their own address; for `http-json` the URL and the dot path to the power;
 * for `mqtt` the broker with the topic as path.
 */
export interface MeterFields {
  kind: MeterKind;
  url: string;
  path: string | null;
}

/** POST /companion/api/meter/settings: the meter, or null for none (nothing is read). */
export interface MeterSettingsBody {
  meter: MeterFields | null;
}

/** GET /companion/api/meter/settings. */
export interface MeterSettingsAnswer {
  /** The meter in force, its password shown as `****`. */
  settings: MeterSettingsBody;
  /** `options` (--meter, or nothing set) until the admin saves here, then `saved` (meter.json). */
  source: 'options' | 'saved';
  /** Zero export's meter when it has one (masked), for the form to offer. */
  control_meter: MeterFields | null;
}

/**
 * What the reading now is worth:
 * - `off`: no meter is set;
 * - `waiting`: set, but nothing read yet (or the device's clock is not known yet);
 * - `fresh`: the last reading is recent: `power_w` is the grid now;
 * - `old`: the meter has not answered for a while: `power_w` is its last reading, `age_s` old;
 * - `none`: no reading for too long: `power_w` is null (never a 0 that is not measured).
 */
export type MeterState = 'off' | 'waiting' | 'fresh' | 'old' | 'none';

/** A reading older than this (the device's seconds) is shown with its age... */
export const METER_OLD_S = 10;
/** ...and older than this, not at all ("no reading"). */
export const METER_NONE_S = 60;

/** GET /companion/api/meter. */
export interface MeterAnswer {
  state: MeterState;
  kind: MeterKind | null;
  /** W, positive when taken from the grid, negative when fed into it; null unless fresh or old. */
  power_w: number | null;
  /** The last reading's time on the device's clock, ISO 8601 with its offset (2026-06-21T12:00:05+02:00); null before the first. */
  at: string | null;
  /** Its age in the device's seconds; null before the first. */
  age_s: number | null;
  /** Why the last attempt to read failed; null when it did not. */
  error: string | null;
  /** Why the counters cannot be read while the power can (then energy is counted from the power). */
  counter_error: string | null;
  /** `counters`: the energy comes from the meter's own counters; `power`: integrated from its power. */
  energy_from: 'counters' | 'power' | null;
  /** Today's energy so far (the device's day), Wh; null without a meter. */
  today: { imported_wh: number; exported_wh: number } | null;
}

/**
 * The flow's figures of a period (a day, month or year; or a 5-minute slot), Wh with one
 * decimal. `produced_wh` is the inverters' (their yield counters, as `total_wh`);
 * `exported_wh` and `imported_wh` the meter's. The rest follows from them, so the sums hold
 * to the watt-hour: `self_used_wh` = produced - exported (the sun's energy used at home),
 * `consumption_wh` = self-used + imported; `self_consumption_pct` = self-used / produced,
 * `self_sufficiency_pct` = self-used / consumption (0 to 100, one decimal). Every grid
 * figure is null where the meter recorded nothing (no meter, or before it was set), the
 * derived ones also where nothing was produced on record or the figures disagree (more fed
 * in than produced: the inverters' record lacks part of the period).
 */
export interface EnergyFlowFields {
  produced_wh: number | null;
  self_used_wh: number | null;
  exported_wh: number | null;
  imported_wh: number | null;
  consumption_wh: number | null;
  self_consumption_pct: number | null;
  self_sufficiency_pct: number | null;
  /**
   * Whether the meter's readings cover the whole period (up to now for today): false when
   * it was set during the period, or its power (a meter without counters) went unread for a
   * while. null without any grid figure.
   */
  grid_complete: boolean | null;
}

/** Query of GET /companion/api/flow (and /companion/api/plant/flow). */
export interface FlowQuery {
  date: string;
  format?: 'json' | 'csv';
}

/** One 5-minute slot: its start (device ms) and its figures, Wh (self-used never below 0 here). */
export type FlowRow = [
  t: number,
  produced_wh: number | null,
  self_used_wh: number | null,
  exported_wh: number | null,
  imported_wh: number | null,
  consumption_wh: number | null,
];

/**
 * GET /companion/api/flow?date=: the day's energy flow in 5-minute slots from local
 * midnight to midnight, and the day's figures (the same as /companion/api/energy's for the
 * day). A slot's production is the inverters' recorded power integrated over it (null
 * before anything was recorded that day), its import and export the meter's; where the
 * meter shows more fed in than the power shows produced (the two are read at different
 * moments), self-used is 0. The slots are the picture; `day` is the account, from the
 * inverters' yield counters and the meter's own.
 */
export interface FlowAnswer {
  date: string;
  timezone: string;
  from: number;
  to: number;
  slot_ms: number;
  columns: ['t', 'produced_wh', 'self_used_wh', 'exported_wh', 'imported_wh', 'consumption_wh'];
  points: FlowRow[];
  day: EnergyFlowFields;
}

/** More fed in than produced by up to this much is the counters' rounding, not a lack. */
const ROUNDING_WH = 1;

const round1 = (wh: number): number => Math.round(wh * 10) / 10;
const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

export const NO_FLOW: EnergyFlowFields = {
  produced_wh: null,
  self_used_wh: null,
  exported_wh: null,
  imported_wh: null,
  consumption_wh: null,
  self_consumption_pct: null,
  self_sufficiency_pct: null,
  grid_complete: null,
};

export interface GridEnergy {
  importWh: number;
  exportWh: number;
}

/**
 * One slot of the flow from its production (null where nothing was recorded) and the
 * meter's rounded export and import: self-used is what was produced and not fed in (at
 * least 0), consumption that and the import.
 */
export function flowRow(t: number, produced: number | null, exported: number, imported: number): FlowRow {
  const selfUsed = produced === null ? null : round1(Math.max(0, produced - exported));
  return [t, produced, selfUsed, exported, imported, selfUsed === null ? null : round1(selfUsed + imported)];
}

/**
 * A period's figures from its production (Wh, null where nothing was recorded) and its
 * grid energy (null without the meter), the same way on the companion, in the plant's sums
 * and in the app: rounded to 0.1 Wh first, then derived by subtraction and addition, so
 * produced = self-used + exported and consumption = self-used + imported hold exactly on
 * what is shown. More fed in than produced (beyond the counters' rounding) leaves the
 * derived figures null: the production's record lacks part of the period.
 */
export function energyFlow(
  producedWh: number | null,
  grid: GridEnergy | null,
  complete: boolean | null,
): EnergyFlowFields {
  const produced = producedWh === null ? null : round1(producedWh);
  if (!grid) return { ...NO_FLOW, produced_wh: produced };
  const exported = round1(grid.exportWh);
  const imported = round1(grid.importWh);
  const figures: EnergyFlowFields = {
    ...NO_FLOW,
    produced_wh: produced,
    exported_wh: exported,
    imported_wh: imported,
    grid_complete: complete,
  };
  if (produced === null) return figures;
  let selfUsed = round1(produced - exported);
  if (selfUsed < -ROUNDING_WH) return figures;
  selfUsed = Math.max(0, selfUsed);
  const consumption = round1(selfUsed + imported);
  return {
    ...figures,
    self_used_wh: selfUsed,
    consumption_wh: consumption,
    self_consumption_pct: percent(selfUsed, produced),
    self_sufficiency_pct: percent(selfUsed, consumption),
  };
}

/**
 * Energy taken from and fed into the grid, from the meter's readings (pure; issue 45).
 *
 * - From the meter's own counters where it has them, so what flowed while nobody read the
 *   meter (the companion stopped, the meter away) is still counted when it answers again.
 * - Counters that count each phase on its own (both Shellys: a phase feeding while another
 *   draws counts both ways) are netted as the utility meter nets them: between two
 *   readings the net is their difference; the part that flowed both ways within the
 *   interval (the net changing sign) is taken from the power read meanwhile.
 * - Counters that go back (a meter replaced or reset) or jump by more than the house
 *   connection can carry are not used for that interval: it is counted from the power read
 *   meanwhile (or not at all when there was none), the counters go on from their new value,
 *   and the step says so once (`notes`).
 * - A meter without counters (any JSON or MQTT meter) is integrated from its power: the
 *   trapezoid between two readings, split at the zero crossing; a gap longer than `holdMs`
 *   is not guessed.
 *
 * Times are the device's (ms); every interval is handed back with its span, so the caller
 * files it under the 5-minute slots and local days it covers.
 */

/** More than a house connection carries (3 x 63 A at 230 V is 43 kW): a counter's step above it is not energy. */
export const MAX_GRID_W = 60_000;
/** Counters may read back this much (rounding) without counting as gone back. */
const BACK_TOLERANCE_WH = 1;
/** A stop longer than this is not bridged by the counters (its energy could not be placed). */
export const MAX_BRIDGE_MS = 31 * 86_400_000;

export interface GridCounters {
  importWh: number;
  exportWh: number;
}

/** What the accounting keeps between readings; saved, so a restart of the server goes on. */
export interface GridState {
  /** The meter the counters belong to (meterKey): another meter starts afresh. */
  meter: string;
  /** `counters` while the meter's counters arrive; `power` while it is integrated. */
  mode: 'power' | 'counters';
  /** The last power reading. */
  power?: { t: number; w: number };
  /** The counters of the last counter reading: the start of the next interval. */
  counters?: GridCounters & { t: number };
  /** Power integrated since the last counter reading; `whole`: no gap in it. */
  shadow?: GridCounters & { whole: boolean };
  /** The first power reading since the last counters (counters mode). */
  waiting?: number;
}

export interface GridInterval extends GridCounters {
  from: number;
  to: number;
}

/** What a step found worth a line in the log. */
export type GridNote =
  | { kind: 'back' | 'jump'; t: number; before: GridCounters; after: GridCounters }
  | { kind: 'power'; t: number; why: 'no-counters' };

export interface GridStep {
  intervals: GridInterval[];
  notes: GridNote[];
}

export interface GridLimits {
  /** Device ms two power readings may lie apart and still be integrated. */
  holdMs: number;
  /** Device ms power may arrive without counters before the meter counts as having none. */
  countersMissingMs: number;
}

export const newGridState = (meter: string): GridState => ({ meter, mode: 'power' });

/** Import and export of the trapezoid between two power readings (W, ms), split where it crosses zero. */
export function trapezoid(w0: number, w1: number, ms: number): GridCounters {
  const hours = ms / 3_600_000;
  const flows = { importWh: 0, exportWh: 0 };
  const add = (a: number, b: number, share: number) => {
    const wh = ((a + b) / 2) * hours * share;
    if (wh >= 0) flows.importWh += wh;
    else flows.exportWh -= wh;
  };
  if (w0 * w1 >= 0) add(w0, w1, 1);
  else {
    const cross = w0 / (w0 - w1);
    add(w0, 0, cross);
    add(0, w1, 1 - cross);
  }
  return flows;
}

/** A power reading: the interval since the last one, counted (power mode) or kept aside. */
export function takePower(state: GridState, t: number, w: number, limits: GridLimits): GridStep {
  const step: GridStep = { intervals: [], notes: [] };
  const last = state.power;
  state.power = { t, w };
  if (!last || t <= last.t) return step;
  const whole = t - last.t <= limits.holdMs;
  const flows = whole ? trapezoid(last.w, w, t - last.t) : { importWh: 0, exportWh: 0 };
  if (state.mode === 'power') {
    if (whole) step.intervals.push({ from: last.t, to: t, ...flows });
    return step;
  }
  const shadow = (state.shadow ??= { importWh: 0, exportWh: 0, whole: true });
  shadow.importWh += flows.importWh;
  shadow.exportWh += flows.exportWh;
  shadow.whole &&= whole;
  // Power without counters for long: the meter has none (any more). What came since the
  // last counters is counted from the power, and from now on all of it. The wait counts from
  // the first reading after a gap: a stop of the server (or of the meter) is not a time in
  // which the meter sent power without counters.
  if (whole) state.waiting ??= t;
  else state.waiting = t;
  if (state.counters && t - state.waiting > limits.countersMissingMs) {
    if (shadow.whole)
      step.intervals.push({
        from: state.counters.t,
        to: t,
        importWh: shadow.importWh,
        exportWh: shadow.exportWh,
      });
    state.mode = 'power';
    state.counters = undefined;
    state.shadow = undefined;
    state.waiting = undefined;
    step.notes.push({ kind: 'power', t, why: 'no-counters' });
  }
  return step;
}

/** A counter reading: the interval since the last one, from the counters where they hold. */
export function takeCounters(state: GridState, t: number, counters: GridCounters, netted: boolean): GridStep {
  const step: GridStep = { intervals: [], notes: [] };
  const base = state.counters;
  const shadow = state.shadow;
  state.counters = { t, importWh: counters.importWh, exportWh: counters.exportWh };
  state.shadow = { importWh: 0, exportWh: 0, whole: true };
  state.waiting = undefined;
  // The first counters (or the first after power mode, or after a stop too long to
  // bridge) are the start: what came before was counted from the power, or is not known.
  if (state.mode === 'power' || !base || t - base.t > MAX_BRIDGE_MS) {
    state.mode = 'counters';
    return step;
  }
  if (t <= base.t) {
    state.counters = base;
    state.shadow = shadow;
    return step;
  }
  const span = { from: base.t, to: t };
  const dImport = counters.importWh - base.importWh;
  const dExport = counters.exportWh - base.exportWh;
  const most = (MAX_GRID_W * (t - base.t)) / 3_600_000 + BACK_TOLERANCE_WH;
  const back = dImport < -BACK_TOLERANCE_WH || dExport < -BACK_TOLERANCE_WH;
  if (back || dImport > most || dExport > most) {
    step.notes.push({
      kind: back ? 'back' : 'jump',
      t,
      before: { importWh: base.importWh, exportWh: base.exportWh },
      after: { importWh: counters.importWh, exportWh: counters.exportWh },
    });
    if (shadow?.whole) step.intervals.push({ ...span, importWh: shadow.importWh, exportWh: shadow.exportWh });
    return step;
  }
  const importWh = Math.max(0, dImport);
  const exportWh = Math.max(0, dExport);
  if (netted) {
    step.intervals.push({ ...span, importWh, exportWh });
    return step;
  }
  // Each phase counted on its own: the net is exact; what flowed both ways in the interval
  // (as the utility meter nets it) is what the netted power shows of both, at most what
  // the counters show of each.
  const net = importWh - exportWh;
  const both = shadow?.whole ? Math.min(shadow.importWh, shadow.exportWh, importWh, exportWh) : 0;
  step.intervals.push({ ...span, importWh: Math.max(net, 0) + both, exportWh: Math.max(-net, 0) + both });
  return step;
}

/** An interval's energy spread over the slots it covers, in proportion to the time in each. */
export function spreadOverSlots(
  interval: GridInterval,
  slotMs: number,
): { t: number; importWh: number; exportWh: number; ms: number }[] {
  const { from, to } = interval;
  const first = Math.floor(from / slotMs) * slotMs;
  if (to <= from)
    return [
      {
        t: Math.floor(to / slotMs) * slotMs,
        importWh: interval.importWh,
        exportWh: interval.exportWh,
        ms: 0,
      },
    ];
  const parts = [];
  for (let t = first; t < to; t += slotMs) {
    const ms = Math.min(to, t + slotMs) - Math.max(from, t);
    const share = ms / (to - from);
    parts.push({ t, importWh: interval.importWh * share, exportWh: interval.exportWh * share, ms });
  }
  return parts;
}

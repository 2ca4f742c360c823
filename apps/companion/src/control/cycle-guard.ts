/**
 * The guard against loads that switch on and off (a hob's or an oven's thermostat), pure.
 * Covering every load feeds the grid each time such a load switches off, for as long as a
 * lower limit takes to reach the inverters. The guard learns from the house:
 * - a switched load is a rise of the grid power by SWITCH_W or more between two readings;
 *   what it added may wait its hold-off, the rest of the import is covered at once;
 * - a raise that covered a switched load, followed within CYCLE_WINDOW_MS by export beyond
 *   the band, was a load that came and went: the hold-off becomes HOLD_FIRST_MS, and
 *   doubles at each such raise up to HOLD_MAX_MS (a raise that covered none tells nothing);
 * - a switched load that ends by itself before its hold-off ran out is the same load again:
 *   the hold-off stays;
 * - a covering raise that stood for CYCLE_WINDOW_MS halves it, and so does every QUIET_MS
 *   without a sign of cycling; under HOLD_MIN_MS it is gone.
 * Lowering never waits: the trade is import while such a load runs, never export. Times are
 * the controller's (device) ms.
 */

export const CYCLE_WINDOW_MS = 120_000;
/** Outlasts a hob's or an oven's thermostat cycle (docs/internals/zero-export-tuning.md#why-each-rule-is-as-it-is). */
export const HOLD_FIRST_MS = 75_000;
export const HOLD_MIN_MS = 15_000;
export const HOLD_MAX_MS = 120_000;
export const QUIET_MS = 300_000;
/**
 * W between two readings that is a load switching (a hob's ring, an oven, a kettle), not the
 * house's wobble nor a fridge.
 */
export const SWITCH_W = 500;
/** After a raise that covered part of the import, falls of the grid power are its own for this long. */
export const PART_SETTLE_MS = 30_000;

export interface CycleGuard {
  /** The hold-off: how long a switched load must last before a raise covers it (0: at once). */
  holdMs: number;
  /** W the last load that switched on added, while it is not covered (0: none). */
  loadW: number;
  /** When that load switched on. */
  loadAt: number | undefined;
  /** The last reading: its grid power and side of the band. */
  lastW: number | undefined;
  lastSide: BandSide | undefined;
  /** The last raise that covered a switched load, while it is watched for a following export. */
  raiseAt: number | undefined;
  /** The last raise that covered only the import beside a waiting switched load. */
  partAt: number | undefined;
  /** The last sign of a cycling load (or the last decay). */
  cycleAt: number | undefined;
}

export const NO_GUARD: CycleGuard = {
  holdMs: 0,
  loadW: 0,
  loadAt: undefined,
  lastW: undefined,
  lastSide: undefined,
  raiseAt: undefined,
  partAt: undefined,
  cycleAt: undefined,
};

/** Where a reading lies against the band around the target. */
export type BandSide = 'import' | 'inside' | 'export';

export function bandSide(powerW: number, targetW: number, bandW: number): BandSide {
  if (powerW > targetW + bandW) return 'import';
  return powerW < targetW - bandW ? 'export' : 'inside';
}

/** A reading of the grid as the guard takes it. */
export interface GridReading {
  powerW: number;
  side: BandSide;
  at: number;
  /** W: where a first reading is measured from. */
  targetW: number;
}

const doubled = (holdMs: number): number => Math.min(HOLD_MAX_MS, Math.max(HOLD_FIRST_MS, holdMs * 2));
const halved = (holdMs: number): number => (holdMs / 2 < HOLD_MIN_MS ? 0 : holdMs / 2);

/** The guard once the switched load has gone at `at`: before its hold-off ran out, it cycles. */
function loadEnded(guard: CycleGuard, at: number): CycleGuard {
  if (guard.loadAt === undefined) return guard;
  const early = guard.holdMs > 0 && at - guard.loadAt < guard.holdMs;
  return { ...guard, loadW: 0, loadAt: undefined, ...(early ? { cycleAt: at } : {}) };
}

/** The guard after a reading of the grid. */
export function observe(guard: CycleGuard, reading: GridReading): CycleGuard {
  const { powerW, side, at } = reading;
  let next: CycleGuard = { ...guard, lastW: powerW, lastSide: side };
  if (next.holdMs > 0 && next.cycleAt !== undefined && at - next.cycleAt >= QUIET_MS)
    next = { ...next, holdMs: halved(next.holdMs), cycleAt: at };
  if (next.raiseAt !== undefined) {
    if (side === 'export' && at - next.raiseAt <= CYCLE_WINDOW_MS)
      next = { ...next, holdMs: doubled(next.holdMs), raiseAt: undefined, cycleAt: at };
    else if (at - next.raiseAt > CYCLE_WINDOW_MS)
      next = { ...next, holdMs: halved(next.holdMs), raiseAt: undefined };
  }
  if (side !== 'import') return loadEnded(next, at);
  const change = powerW - (guard.lastW ?? reading.targetW);
  // A rise out of export is the controller's own lowering arriving, not a load.
  if (change >= SWITCH_W && guard.lastSide !== 'export') return { ...next, loadW: change, loadAt: at };
  const ownFall = next.partAt !== undefined && at - next.partAt < PART_SETTLE_MS;
  return change <= -SWITCH_W && !ownFall ? loadEnded(next, at) : next;
}

/** Device ms a raise covering the switched load must still wait at `at` (0: it may go now). */
export function holdLeft(guard: CycleGuard, at: number): number {
  if (guard.loadAt === undefined || guard.holdMs === 0) return 0;
  return Math.max(0, guard.loadAt + guard.holdMs - at);
}

/** W of the import a raise may not cover at `at`: a switched load within its hold-off. */
export const holdOffW = (guard: CycleGuard, at: number): number =>
  holdLeft(guard, at) > 0 ? guard.loadW : 0;

/**
 * The guard after a raise went out at `at`. A raise beside a waiting switched load
 * (`partial`) leaves it waiting; one that covers it is watched for a following export.
 */
export function raised(guard: CycleGuard, at: number, partial = false): CycleGuard {
  if (partial) return { ...guard, partAt: at };
  if (guard.loadAt === undefined) return guard;
  return { ...guard, raiseAt: at, loadW: 0, loadAt: undefined };
}

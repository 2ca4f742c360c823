/**
 * The guard against loads that switch on and off (a hob's or an oven's thermostat, a
 * washing machine's drum), pure. A controller that covers every load feeds the grid each
 * time such a load switches off, for as long as a lower limit takes to reach the inverters
 * (seconds, a few Wh per 2 kW). The guard learns from the house:
 * - a load switching on is a rise of the grid power by SWITCH_W or more between two
 *   readings; what it added (its step) is what the guard may hold back, the rest of the
 *   import is covered at once (a fridge's 100 W beside a cycling hob, or the hob's share
 *   when a kettle joins it: the sum is what matters);
 * - a raise that covered a step, followed within CYCLE_WINDOW_MS by export beyond the band,
 *   was a load that came and went (a kettle runs longer): the hold-off before the next raise
 *   is HOLD_FIRST_MS, at the next such raise it doubles, up to HOLD_MAX_MS (a raise that
 *   covered no step, a fridge's, tells nothing either way);
 * - a step that ends by itself (a fall by SWITCH_W, or the import gone) before the hold-off
 *   ran out is the same load again: the hold-off stays;
 * - a step's raise that held for CYCLE_WINDOW_MS halves it, and so does every QUIET_MS
 *   without a sign of cycling; under HOLD_MIN_MS it is gone.
 * Lowering is never held: only the raise waits, so the trade is import while such a load
 * runs, never export. Times are the controller's (device) ms.
 */

export const CYCLE_WINDOW_MS = 120_000;
/**
 * A hob's or an oven's thermostat keeps a ring on for 30-65 s: the first hold-off outlasts
 * them (at 60 s, a hob on for 61 s was covered just as it switched off, every time).
 */
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
  /** How long a load's step must last before a raise covers it (0: at once). */
  holdMs: number;
  /** W the last load that switched on added, while it is not covered (0: none). */
  stepW: number;
  /** When that load switched on. */
  stepAt: number | undefined;
  /** The last reading: its grid power and side of the band. */
  lastW: number | undefined;
  lastSide: BandSide | undefined;
  /** The last raise that covered a step, while it is watched for a following export. */
  raiseAt: number | undefined;
  /** The last raise that covered only the import beside a held step. */
  partAt: number | undefined;
  /** The last sign of a cycling load (or the last decay). */
  cycleAt: number | undefined;
}

export const NO_GUARD: CycleGuard = {
  holdMs: 0,
  stepW: 0,
  stepAt: undefined,
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

/** The guard once the held load has gone at `at`: before its hold-off ran out, it cycles. */
function stepEnded(guard: CycleGuard, at: number): CycleGuard {
  if (guard.stepAt === undefined) return guard;
  const early = guard.holdMs > 0 && at - guard.stepAt < guard.holdMs;
  return { ...guard, stepW: 0, stepAt: undefined, ...(early ? { cycleAt: at } : {}) };
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
  if (side !== 'import') return stepEnded(next, at);
  const change = powerW - (guard.lastW ?? reading.targetW);
  // A rise out of export is the controller's own lowering arriving, not a load.
  if (change >= SWITCH_W && guard.lastSide !== 'export') return { ...next, stepW: change, stepAt: at };
  const ownFall = next.partAt !== undefined && at - next.partAt < PART_SETTLE_MS;
  return change <= -SWITCH_W && !ownFall ? stepEnded(next, at) : next;
}

/** Device ms a raise of the held step must still wait at `at` (0: it may go now). */
export function holdLeft(guard: CycleGuard, at: number): number {
  if (guard.stepAt === undefined || guard.holdMs === 0) return 0;
  return Math.max(0, guard.stepAt + guard.holdMs - at);
}

/** W of the import a raise may not cover at `at`: the step of a load that may switch off again. */
export const heldW = (guard: CycleGuard, at: number): number => (holdLeft(guard, at) > 0 ? guard.stepW : 0);

/**
 * The guard after a raise went out at `at`. A raise beside a held step (`partial`) leaves
 * the step held; one that covers a step is watched for a following export.
 */
export function raised(guard: CycleGuard, at: number, partial = false): CycleGuard {
  if (partial) return { ...guard, partAt: at };
  if (guard.stepAt === undefined) return guard;
  return { ...guard, raiseAt: at, stepW: 0, stepAt: undefined };
}

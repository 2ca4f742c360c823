/**
 * The guard against loads that switch on and off (a hob's or an oven's thermostat, a
 * washing machine's drum), pure. A controller that covers every load feeds the grid each
 * time such a load switches off, for as long as a lower limit takes to reach the inverters
 * (seconds, a few Wh per 2 kW). The guard learns from the house:
 * - a raise followed within CYCLE_WINDOW_MS by export beyond the band was a load that came
 *   and went (a kettle runs longer): the hold-off before the next raise is HOLD_FIRST_MS,
 *   at the next such raise it doubles, up to HOLD_MAX_MS;
 * - an import that ends by itself before the hold-off ran out is the same load again: the
 *   hold-off stays;
 * - a raise that held for CYCLE_WINDOW_MS halves it, and so does every QUIET_MS without a
 *   sign of cycling; under HOLD_MIN_MS it is gone.
 * Lowering is never held: only the raise waits, so the trade is import while such a load
 * runs, never export. Times are the controller's (device) ms.
 */

export const CYCLE_WINDOW_MS = 120_000;
/** A hob's or an oven's thermostat keeps a ring on for 30-60 s: the first hold-off covers most. */
export const HOLD_FIRST_MS = 60_000;
export const HOLD_MIN_MS = 15_000;
export const HOLD_MAX_MS = 120_000;
export const QUIET_MS = 300_000;

export interface CycleGuard {
  /** How long an import beyond the band must last before a raise covers it (0: at once). */
  holdMs: number;
  /** When the current import beyond the band was first read. */
  importSince: number | undefined;
  /** The last raise, while it is watched for a following export. */
  raiseAt: number | undefined;
  /** The last sign of a cycling load (or the last decay). */
  cycleAt: number | undefined;
}

export const NO_GUARD: CycleGuard = {
  holdMs: 0,
  importSince: undefined,
  raiseAt: undefined,
  cycleAt: undefined,
};

/** Where a reading lies against the band around the target. */
export type BandSide = 'import' | 'inside' | 'export';

export function bandSide(powerW: number, targetW: number, bandW: number): BandSide {
  if (powerW > targetW + bandW) return 'import';
  return powerW < targetW - bandW ? 'export' : 'inside';
}

const doubled = (holdMs: number): number => Math.min(HOLD_MAX_MS, Math.max(HOLD_FIRST_MS, holdMs * 2));
const halved = (holdMs: number): number => (holdMs / 2 < HOLD_MIN_MS ? 0 : holdMs / 2);

/** The guard after a reading of the grid taken at `at`. */
export function observe(guard: CycleGuard, side: BandSide, at: number): CycleGuard {
  let next = guard;
  if (next.holdMs > 0 && next.cycleAt !== undefined && at - next.cycleAt >= QUIET_MS)
    next = { ...next, holdMs: halved(next.holdMs), cycleAt: at };
  if (next.raiseAt !== undefined) {
    if (side === 'export' && at - next.raiseAt <= CYCLE_WINDOW_MS)
      next = { ...next, holdMs: doubled(next.holdMs), raiseAt: undefined, cycleAt: at };
    else if (at - next.raiseAt > CYCLE_WINDOW_MS)
      next = { ...next, holdMs: halved(next.holdMs), raiseAt: undefined };
  }
  if (side === 'import') return next.importSince === undefined ? { ...next, importSince: at } : next;
  if (next.importSince === undefined) return next;
  const endedEarly = next.holdMs > 0 && at - next.importSince < next.holdMs;
  return { ...next, importSince: undefined, ...(endedEarly ? { cycleAt: at } : {}) };
}

/** Device ms a raise must still wait at `at` (0: it may go now). */
export function holdLeft(guard: CycleGuard, at: number): number {
  if (guard.importSince === undefined || guard.holdMs === 0) return 0;
  return Math.max(0, guard.importSince + guard.holdMs - at);
}

/** The guard after a raise went out at `at`: it is watched for a following export. */
export const raised = (guard: CycleGuard, at: number): CycleGuard => ({ ...guard, raiseAt: at });

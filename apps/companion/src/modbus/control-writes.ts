/**
 * A client's write to model 123 (immediate controls), judged: which registers it may
 * write (the limit's five: `WMaxLimPct`, its window, revert and ramp times, `WMaxLim_Ena`),
 * which values they take, and what the write asks for. As Victron's GX writes all five at
 * once and evcc writes `WMaxLimPct` then `WMaxLim_Ena` one by one, both come here as the
 * same registers. Pure.
 */
import { EXCEPTION } from './frame-guard';
import { offsets, CONTROLS } from './sunspec/models';
import type { ControlRegisters } from './unit-values';

const AT = offsets(CONTROLS.points);
const WRITABLE = new Set(
  CONTROLS.points.filter((point) => point.writable).map((point) => AT.get(point.name)!),
);
/** `WMaxLimPct_SF`: the percentage in tenths. */
export const PERCENT_SCALE = 10;

export type WriteOutcome =
  | { kind: 'refused'; code: number; reason: string }
  /** `request`: what the registers now ask of the inverters. */
  | { kind: 'written'; registers: ControlRegisters; request: 'limit' | 'release' | 'none' };

/**
 * The registers after writing `values` from `offset` on (within model 123's points), or
 * why not: a register no client may write (exception 2), a value out of range (3).
 */
export function writeControls(
  current: ControlRegisters,
  offset: number,
  values: readonly number[],
): WriteOutcome {
  const next = { ...current };
  let asked = false;
  for (const [index, value] of values.entries()) {
    const at = offset + index;
    if (!WRITABLE.has(at))
      return {
        kind: 'refused',
        code: EXCEPTION.illegalAddress,
        reason: `register ${at} of model 123 is read-only`,
      };
    switch (at) {
      case AT.get('WMaxLimPct'):
        if (value > 100 * PERCENT_SCALE)
          return {
            kind: 'refused',
            code: EXCEPTION.illegalValue,
            reason: `WMaxLimPct ${value / PERCENT_SCALE} % is above 100 %`,
          };
        next.percent = value / PERCENT_SCALE;
        asked = true;
        break;
      case AT.get('WMaxLim_Ena'):
        if (value > 1)
          return {
            kind: 'refused',
            code: EXCEPTION.illegalValue,
            reason: `WMaxLim_Ena ${value} is neither 0 nor 1`,
          };
        next.enabled = value === 1;
        asked = true;
        break;
      case AT.get('WMaxLimPct_WinTms'):
        next.winTms = value;
        break;
      case AT.get('WMaxLimPct_RvrtTms'):
        next.rvrtTms = value;
        break;
      case AT.get('WMaxLimPct_RmpTms'):
        next.rmpTms = value;
        break;
    }
  }
  const request = !asked ? 'none' : next.enabled ? 'limit' : current.enabled ? 'release' : 'none';
  return { kind: 'written', registers: next, request };
}

/** The address of model 123's first point within a unit, given where the model's header is. */
export const controlsContent = (header: number): number => header + 2;

// One limit for several inverters (issue 23). A total in W is split by rated power (the
// inverter's max power; while its model is unknown, the 2250 W the device then allows)
// or equally. A part above what its inverter takes is capped there and the rest goes to
// the others; parts are whole watts that add up to the total (largest remainder). A
// relative limit goes to each inverter as it is. Pure: the dialog and its tests share it.
import { absoluteLimitMax } from './limit-validation';

/** Why a part differs from its plain share, or why an inverter gets none (a translation key and its params). */
export type SplitNote = { key: string; [param: string]: string | number };

export interface SplitTarget {
  serial: string;
  /** `max_power` of /api/limit/status; 0 while the model is unknown. */
  maxPower: number;
  /** Why this inverter cannot take a limit now; it then gets no part. */
  excluded?: SplitNote | undefined;
}

export interface SplitPart {
  serial: string;
  /** W or %; undefined when the inverter is excluded. */
  value: number | undefined;
  note: SplitNote | undefined;
}

const cap = (target: SplitTarget) => absoluteLimitMax(target.maxPower);

/** The most the targets take together, W. */
export const groupMax = (targets: readonly SplitTarget[]) =>
  targets.reduce((sum, target) => sum + (target.excluded ? 0 : cap(target)), 0);

/**
 * Each target's part of `total`. Callers validate first: `total` within 0..100 (relative)
 * or 0..groupMax (absolute), and at least one target not excluded.
 */
export function splitLimit(
  total: number,
  relative: boolean,
  equal: boolean,
  targets: readonly SplitTarget[],
): SplitPart[] {
  const shares = new Map<SplitTarget, number>();
  const weight = (target: SplitTarget) => (equal ? 1 : cap(target));
  const whole = Math.round(total);
  let rest = whole;
  let left = targets.filter((target) => !target.excluded);
  // Water filling: whoever would get more than its cap gets the cap, and the rest is
  // shared again among the others, until nobody is over.
  while (!relative && left.length) {
    const sum = left.reduce((s, target) => s + weight(target), 0);
    const over = left.filter((target) => (rest * weight(target)) / sum >= cap(target));
    for (const target of over.length ? over : left) {
      const share = over.length ? cap(target) : (rest * weight(target)) / sum;
      shares.set(target, share);
      if (over.length) rest -= share;
    }
    left = over.length ? left.filter((target) => !over.includes(target)) : [];
  }
  // Largest remainder: round down, then give the missing watts to the largest fractions.
  const parts = new Map([...shares].map(([target, share]) => [target, Math.floor(share)]));
  let missing = whole - [...parts.values()].reduce((s, v) => s + v, 0);
  for (const [target] of [...shares].sort(([, a], [, b]) => (b % 1) - (a % 1))) {
    if (missing > 0 && parts.get(target)! < cap(target)) {
      parts.set(target, parts.get(target)! + 1);
      missing -= 1;
    }
  }
  return targets.map((target) => ({
    serial: target.serial,
    value: target.excluded ? undefined : relative ? total : parts.get(target),
    note:
      target.excluded ??
      (relative
        ? undefined
        : target.maxPower > 0
          ? shares.get(target)! >= cap(target)
            ? { key: 'home.LimitRangeHint', max: cap(target) }
            : undefined
          : { key: 'devinfo.UnknownModel' }),
  }));
}

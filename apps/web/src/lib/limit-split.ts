// One limit for several inverters (issue 23). A total in W is split by rated power or
// equally; a part above what its inverter takes is capped there and the rest goes to the
// others; parts are whole watts that add up to the total (largest remainder). A relative
// limit goes to each inverter as it is. Pure: the group dialog and its tests share it.
import { familyOf } from '@opendtu/api';
import { absoluteLimitMax } from './limit-validation';

/** Why a part differs from its plain share, or why an inverter gets none (a translation key). */
export type SplitNote = { key: string; [param: string]: string | number };

export interface SplitTarget {
  serial: string;
  /** `max_power` of /api/limit/status; 0 while the model is unknown. */
  maxPower: number;
  /** Why this inverter cannot take a limit now; it then gets no part. */
  excluded?: SplitNote;
}

export interface SplitPart {
  serial: string;
  /** W or %; undefined when the inverter is excluded. */
  value: number | undefined;
  note: SplitNote | undefined;
}

/** Weight of an inverter whose model is unknown: the largest model of its family. */
export function familyRating(serial: string): number {
  const sizes = (familyOf(serial)?.type.match(/\d{3,}/g) ?? []).map(Number);
  return sizes.length ? Math.max(...sizes) : absoluteLimitMax(0);
}

const eligible = (targets: readonly SplitTarget[]) => targets.filter((target) => !target.excluded);

/** The most the targets take together, W (each its max power, or 2250 W while unknown). */
export function groupMax(targets: readonly SplitTarget[]): number {
  return eligible(targets).reduce((sum, target) => sum + absoluteLimitMax(target.maxPower), 0);
}

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
  const open = eligible(targets);
  const shares = new Map<SplitTarget, number>();
  const cap = (target: SplitTarget) => absoluteLimitMax(target.maxPower);
  const weight = (target: SplitTarget) =>
    equal ? 1 : target.maxPower > 0 ? target.maxPower : familyRating(target.serial);
  let rest = Math.round(total);
  let left = open;
  // Water filling: whoever would get more than its cap gets the cap, the rest is shared
  // again among the others, until nobody is over.
  while (!relative && left.length) {
    const sum = left.reduce((s, target) => s + weight(target), 0);
    const over = left.filter((target) => (rest * weight(target)) / sum >= cap(target));
    if (!over.length) {
      for (const target of left) shares.set(target, (rest * weight(target)) / sum);
      break;
    }
    for (const target of over) {
      shares.set(target, cap(target));
      rest -= cap(target);
    }
    left = left.filter((target) => !over.includes(target));
  }
  // Largest remainder: round down, then give the missing watts to the largest fractions.
  const whole = new Map([...shares].map(([target, share]) => [target, Math.floor(share)]));
  let missing = Math.round(total) - [...whole.values()].reduce((s, v) => s + v, 0);
  const byFraction = [...shares].sort(([, a], [, b]) => (b % 1) - (a % 1));
  for (const [target] of byFraction) {
    if (missing <= 0) break;
    if (whole.get(target)! < cap(target)) {
      whole.set(target, whole.get(target)! + 1);
      missing -= 1;
    }
  }
  return targets.map((target) => {
    if (target.excluded) return { serial: target.serial, value: undefined, note: target.excluded };
    const value = relative ? total : whole.get(target)!;
    const note: SplitNote | undefined = relative
      ? undefined
      : target.maxPower <= 0
        ? { key: 'devinfo.UnknownModel' }
        : value >= cap(target) && shares.get(target)! >= cap(target)
          ? { key: 'home.LimitRangeHint', max: cap(target) }
          : undefined;
    return { serial: target.serial, value, note };
  });
}

// One limit for several inverters (issue 23). A total in W is split by rated power (the
// inverter's max power; while its model is unknown, the 2250 W the device then allows)
// or equally, by `splitWatts` of the contract package (the companion's zero-export
// controller shares its watts the same way). A relative limit goes to each inverter as it
// is. Pure: the dialog and its tests share it.
import { splitWatts } from '@opendtu/api';
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
  const included = targets.filter((target) => !target.excluded);
  const caps = included.map(cap);
  const shares = relative ? [] : splitWatts(total, caps, equal ? caps.map(() => 1) : caps);
  const shareOf = (target: SplitTarget) => shares[included.indexOf(target)];
  return targets.map((target) => ({
    serial: target.serial,
    value: target.excluded ? undefined : relative ? total : shareOf(target)!.watts,
    note:
      target.excluded ??
      (relative
        ? undefined
        : target.maxPower > 0
          ? shareOf(target)!.capped
            ? { key: 'home.LimitRangeHint', max: cap(target) }
            : undefined
          : { key: 'devinfo.UnknownModel' }),
  }));
}

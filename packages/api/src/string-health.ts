// String health, beyond the original: among the strings of one inverter that produce and
// have a configured module power, one whose irradiation (DC power as a share of its
// module power) lags far behind the best is flagged as a possible fault. So is a string
// at zero while a sibling produces, if it is in use: it has a module power configured or
// has yielded before (an input nothing is plugged into never has). One judgement for the
// live view (a mark at once, WEAK_SHARE) and the companion's alert (half, over time).
import type { DcChannel } from './livedata';

/** Below this share of the best sibling's irradiation the live view flags a string. */
export const WEAK_SHARE = 0.7;
/** Strings below this irradiation are not compared (dawn, dusk, a closed cloud deck). */
const MIN_BEST_IRRADIATION = 5;
/** A sibling producing at least this much (W) makes a string at zero suspicious. */
const MIN_SIBLING_POWER = 20;
/** Below this (W) a string counts as at zero. */
const ZERO_POWER = 1;

export interface WeakString {
  /** DC channel key ("0".."5"). */
  channel: string;
  /** Its irradiation as a share of the best string's, 0..1 (0 for a string at zero). */
  share: number;
}

/** Whether the strings are lit enough to be compared at all (not dawn, dusk or deep cloud). */
export function stringsComparable(dc: Record<string, DcChannel> | undefined): boolean {
  const strings = Object.values(dc ?? {});
  const power = (values: DcChannel) => values.Power?.v ?? 0;
  const rated = strings.filter((values) => values.Irradiation?.max);
  const best = Math.max(0, ...rated.map((values) => values.Irradiation!.v));
  const compare = rated.filter((values) => power(values) > 0).length > 1 && best >= MIN_BEST_IRRADIATION;
  return compare || Math.max(0, ...strings.map(power)) >= MIN_SIBLING_POWER;
}

export function weakStrings(
  dc: Record<string, DcChannel> | undefined,
  weakShare: number = WEAK_SHARE,
): WeakString[] {
  const strings = Object.entries(dc ?? {});
  const power = (values: DcChannel) => values.Power?.v ?? 0;
  const rated = strings.filter(([, values]) => values.Irradiation?.max);
  const best = Math.max(0, ...rated.map(([, values]) => values.Irradiation!.v));
  const compare = rated.filter(([, values]) => power(values) > 0).length > 1 && best >= MIN_BEST_IRRADIATION;
  const siblingProduces = Math.max(0, ...strings.map(([, values]) => power(values))) >= MIN_SIBLING_POWER;
  return strings.flatMap(([channel, values]) => {
    const used = values.Irradiation?.max || values.YieldTotal?.v;
    const share =
      used && siblingProduces && power(values) < ZERO_POWER
        ? 0
        : compare && values.Irradiation?.max
          ? values.Irradiation.v / best
          : 1;
    return share < weakShare ? [{ channel, share }] : [];
  });
}

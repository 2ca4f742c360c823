// String health, beyond the original: among the strings of one inverter that produce and
// have a configured module power, one whose irradiation (DC power as a share of its
// module power) lags far behind the best is flagged as a possible fault.
import type { DcChannel } from '@opendtu/api';

/** Below this share of the best sibling's irradiation a string is flagged. */
export const WEAK_SHARE = 0.7;
/** Strings below this irradiation are not compared (dawn, dusk, a closed cloud deck). */
const MIN_BEST_IRRADIATION = 5;

export interface WeakString {
  /** DC channel key ("0".."5"). */
  channel: string;
  /** Its irradiation as a share of the best string's, 0..1. */
  share: number;
}

export function weakStrings(dc: Record<string, DcChannel> | undefined): WeakString[] {
  if (!dc) return [];
  const rated = Object.entries(dc).flatMap(([channel, values]) => {
    const irradiation = values.Irradiation;
    const power = values.Power?.v ?? 0;
    return irradiation && irradiation.max > 0 ? [{ channel, level: irradiation.v, power }] : [];
  });
  if (rated.filter((string) => string.power > 0).length < 2) return [];
  const best = Math.max(...rated.map((string) => string.level));
  if (best < MIN_BEST_IRRADIATION) return [];
  return rated
    .map((string) => ({ channel: string.channel, share: string.level / best }))
    .filter((string) => string.share < WEAK_SHARE);
}

// Watts and ages as the flow card writes them: under 1 kW in W, above in kW with one
// decimal ("1.2 kW"), so the paths read alike at a glance.
import { formatNumber } from '../../lib/format';

export const formatPower = (locale: string, w: number): string =>
  Math.abs(w) >= 1000 ? `${formatNumber(locale, w / 1000, 1)} kW` : `${formatNumber(locale, w, 0)} W`;

/** An age in seconds: "25 s", "3 min", "2 h". */
export function formatAge(locale: string, seconds: number): string {
  if (seconds < 120) return `${formatNumber(locale, Math.round(seconds))} s`;
  if (seconds < 7200) return `${formatNumber(locale, Math.round(seconds / 60))} min`;
  return `${formatNumber(locale, Math.round(seconds / 3600))} h`;
}

// The tick labels of the charts' value axes (the power chart's W or kW, the energy bars'
// kWh): one rule for both, as many decimals as the step needs, so that no two ticks read
// alike (a 250 W step in kW: 0.25, 0.50, not 0.3, 0.5) and none carries a useless zero.
import { formatNumber } from './format';

/** Decimals that write every multiple of `step` exactly, at most three: 0.25 -> 2, 2.5 -> 1, 10 -> 0. */
export function stepDecimals(step: number): number {
  let digits = 0;
  // Tolerant of binary fractions: 0.025 * 1000 is 25.000000000000004.
  while (digits < 3 && Math.abs(Math.round(step * 10 ** digits) - step * 10 ** digits) > 1e-9) digits += 1;
  return digits;
}

/**
 * One tick: `value` and `step` in W or Wh, written in `unit`, where a leading k shows
 * thousands ("0.25 kW", "0.025 kWh", "750 W").
 */
export function axisLabel(
  locale: string,
  value: number,
  step: number,
  unit: 'W' | 'kW' | 'Wh' | 'kWh',
): string {
  const scale = unit[0] === 'k' ? 1000 : 1;
  return `${formatNumber(locale, value / scale, stepDecimals(step / scale))} ${unit}`;
}

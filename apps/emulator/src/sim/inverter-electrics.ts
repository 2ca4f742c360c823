/**
 * The inverter's conversion characteristics (inverters.md §8.2 step 8): efficiency and
 * power factor as a function of the load, interpolated from measured-looking tables.
 */

function interpolate(table: readonly (readonly [number, number])[], x: number): number {
  const first = table[0];
  const last = table[table.length - 1];
  if (!first || !last) return 0;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < table.length; i += 1) {
    const [x1, y1] = table[i] as readonly [number, number];
    const [x0, y0] = table[i - 1] as readonly [number, number];
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return last[1];
}

const EFFICIENCY: readonly (readonly [number, number])[] = [
  [0.02, 0.93],
  [0.05, 0.945],
  [0.1, 0.952],
  [0.2, 0.958],
  [0.5, 0.962],
  [1.0, 0.958],
];

// Low load costs power factor: ~0.87 at 2-5 %, ~0.95 at 10 %, ~1 above 20 %.
const POWER_FACTOR: readonly (readonly [number, number])[] = [
  [0.02, 0.86],
  [0.05, 0.9],
  [0.1, 0.95],
  [0.2, 0.996],
  [0.4, 0.9995],
  [1.0, 0.9999],
];

/** η at a relative load `acPower / nominal` (0..1). */
export const efficiencyAt = (load: number): number => interpolate(EFFICIENCY, load);

export const powerFactorAt = (load: number): number => interpolate(POWER_FACTOR, load);

/** Reactive power in var for an active power and a power factor. */
export const reactivePower = (acPower: number, pf: number): number =>
  pf <= 0 || pf >= 1 ? 0 : acPower * Math.tan(Math.acos(pf));

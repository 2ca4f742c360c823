/**
 * The flow's figures of a period and its slots' rows (the contract's energyFlow and flowRow,
 * packages/api meter.ts): the companion's history and the plant's sums derive them the same way.
 */
export { energyFlow as flowFields, flowRow, NO_FLOW, type GridEnergy } from '@opendtu/api';

const round1 = (wh: number): number => Math.round(wh * 10) / 10;

/** The sum of the values present (Wh, to 0.1), or null when none is. */
export function sumOf(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((value): value is number => value !== null && value !== undefined);
  return present.length ? round1(present.reduce((sum, value) => sum + value, 0)) : null;
}

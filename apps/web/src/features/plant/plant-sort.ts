import type { PlantInverter } from '@opendtu/api';

export type SortKey = 'device' | 'name' | 'power' | 'yield';

/** A column the list is sorted by; none keeps the plant's order (devices, then each one's). */
export interface Sort {
  key: SortKey;
  descending: boolean;
}

const text = (a: string, b: string): number => a.localeCompare(b, undefined, { numeric: true });

/** Values not reported go last, in either direction: they are no smallest value. */
const number = (a: number | null, b: number | null, descending: boolean): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return descending ? b - a : a - b;
};

const COMPARE: Record<SortKey, (a: PlantInverter, b: PlantInverter, descending: boolean) => number> = {
  device: (a, b, descending) => (descending ? -1 : 1) * text(a.device, b.device),
  name: (a, b, descending) => (descending ? -1 : 1) * text(a.name, b.name),
  power: (a, b, descending) => number(a.power_w, b.power_w, descending),
  yield: (a, b, descending) => number(a.yield_day_wh, b.yield_day_wh, descending),
};

/** The inverters in `sort`'s order; equal ones keep the plant's order (the sort is stable). */
export function sortInverters(inverters: readonly PlantInverter[], sort: Sort | undefined): PlantInverter[] {
  return sort ? [...inverters].sort((a, b) => COMPARE[sort.key](a, b, sort.descending)) : [...inverters];
}

/**
 * The sort after a click on `key`'s header: the same column turns around; a new one starts
 * with the largest values first for numbers (who produces most) and A to Z for names.
 */
export function nextSort(current: Sort | undefined, key: SortKey): Sort {
  if (current?.key === key) return { key, descending: !current.descending };
  return { key, descending: key === 'power' || key === 'yield' };
}

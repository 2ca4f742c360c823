/**
 * The plant's history (issue 33): each device's own recorder history put side by side and
 * summed, at the companion's root when it fronts several devices.
 * - GET /companion/api/plant/power?date=YYYY-MM-DD[&format=csv]
 * - GET /companion/api/plant/energy?by=day|month|year&from=..&to=..[&format=csv]
 * Both follow every device's read-only rule (a refusal by any of them refuses the whole).
 *
 * A sum never silently counts less: where a device has no value (it does not answer, it
 * recorded nothing there), the sum is of the devices that have one, and `lacking` names
 * the others. A sum with `lacking` empty is complete; one of no device at all is null.
 * A client that wants only complete sums keeps those with `lacking` empty.
 */
import type { EnergyAnswer, EnergyBy, EnergyPeriod, PowerAnswer } from './history';
import { energyFlow, type EnergyFlowFields, type GridEnergy } from './meter';

/** The plant's day is cut into buckets this long, from its local midnight. */
export const PLANT_BUCKET_MS = 5 * 60_000;

/** Query of GET /companion/api/plant/power. */
export interface PlantPowerQuery {
  /** The day, YYYY-MM-DD, each device's own local day. */
  date: string;
  format?: 'json' | 'csv';
}

/** Query of GET /companion/api/plant/energy (the limits of GET /companion/api/energy apply). */
export interface PlantEnergyQuery {
  by: EnergyBy;
  from: string;
  to: string;
  format?: 'json' | 'csv';
}

/** One device of a plant history answer, in the plant's order. */
export interface PlantHistoryDevice {
  /** The device's name as configured (`--device roof=...`). */
  name: string;
  /**
   * Why its history is not in the answer (it does not answer, its access rule is not known,
   * its server failed): then it lacks in every bucket or period. null when it answered.
   */
  unavailable: string | null;
}

export interface PlantPowerDevice extends PlantHistoryDevice {
  /** Its POSIX TZ string ("" for UTC); null when it did not answer. */
  timezone: string | null;
}

/** One bucket of the day. */
export interface PlantPowerPoint {
  /** The bucket's start, ms since epoch; it spans PLANT_BUCKET_MS. */
  t: number;
  /** W of the devices that have a value in the bucket, summed; null when none has. */
  sum_w: number | null;
  /**
   * W per device name: the sum over its inverters of each one's mean AC power over its
   * samples in the bucket (one decimal); null where none of its inverters has a sample
   * with a value there (not recorded, a gap, unreachable, or the device did not answer).
   */
  devices: Record<string, number | null>;
  /** Names of the devices whose value is null here, in the plant's order: `sum_w` lacks them. */
  lacking: string[];
}

/**
 * GET /companion/api/plant/power: the day's AC power of the plant, in sum and per device,
 * on one grid of PLANT_BUCKET_MS buckets. Each device is asked for its own `date`; the grid
 * is the day of the first device that answered (its `from`, `to` and `timezone`): a device
 * in another zone has its day elsewhere on that grid, and the hours of the grid outside it
 * lack it. When no device answered, the grid is the UTC day and lacks every device.
 */
export interface PlantPowerAnswer {
  date: string;
  /** The POSIX TZ string of the grid's day ("" for UTC). */
  timezone: string;
  /** The grid's day, ms since epoch: its first bucket starts at `from`, its last ends at or after `to`. */
  from: number;
  to: number;
  bucket_ms: number;
  devices: PlantPowerDevice[];
  /** Every bucket of the day, in order (23 to 25 hours of them). */
  points: PlantPowerPoint[];
}

/**
 * A period of the plant: its production and, with grid meters (issue 45), their flow: the
 * devices' own meters summed (each device's house), or the plant's meter.
 */
export interface PlantEnergyPeriod extends EnergyFlowFields {
  /** "2026-06-21", "2026-06" or "2026". */
  period: string;
  /** Wh of the devices that have a value in the period; null when none has. */
  total_wh: number | null;
  /** Wh per device name (its own `total_wh`); null where it recorded nothing or did not answer. */
  devices: Record<string, number | null>;
  /**
   * Names of the devices whose value is null here, in the plant's order: `total_wh` lacks
   * them. A device that was not recorded yet (added later) lacks too: nothing tells that it
   * produced nothing then.
   */
  lacking: string[];
}

/**
 * GET /companion/api/plant/energy: Wh per period, per device and in sum. The periods are
 * those the devices answered (the same for each); none when no device answered.
 */
export interface PlantEnergyAnswer {
  by: EnergyBy;
  from: string;
  to: string;
  devices: PlantHistoryDevice[];
  periods: PlantEnergyPeriod[];
}

/** What one device's own history route gave: its answer, or why there is none. */
export type DeviceHistory<T> = { name: string; answer: T } | { name: string; unavailable: string };

const DAY_MS = 86_400_000;

/** One decimal, as the devices' own answers; sums of them carry no float noise (0.1 + 0.2). */
const round1 = (value: number): number => Math.round(value * 10) / 10;

const answered = <T>(device: DeviceHistory<T>): T | undefined =>
  'answer' in device ? device.answer : undefined;

const listed = <T>(device: DeviceHistory<T>): PlantHistoryDevice => ({
  name: device.name,
  unavailable: 'unavailable' in device ? device.unavailable : null,
});

/**
 * The devices' values by name, their sum and who lacks: the one rule of both answers. By
 * the names' order, not the record's (a name of digits only would come first there).
 */
function summed(
  names: readonly string[],
  values: readonly (number | null)[],
): { byName: Record<string, number | null>; sum: number | null; lacking: string[] } {
  let sum: number | null = null;
  const lacking: string[] = [];
  for (const [index, name] of names.entries()) {
    const value = values[index]!;
    if (value === null) lacking.push(name);
    else sum = (sum ?? 0) + value;
  }
  const byName = Object.fromEntries(names.map((name, index) => [name, values[index]!]));
  return { byName, sum: sum === null ? null : round1(sum), lacking };
}

/**
 * A device's AC power per bucket of the grid that starts at `from`: per inverter the mean
 * of its samples with a value in the bucket, summed over the inverters that have one; null
 * where none has. Rows of nulls (gaps, an unreachable inverter) are no samples, and the
 * recorder's habit of skipping unchanged frames does not fill a bucket: at a reading every
 * few seconds a producing inverter has dozens per bucket, and one without any was not heard.
 */
export function powerBuckets(answer: PowerAnswer, from: number, count: number): (number | null)[] {
  const buckets: (number | null)[] = Array<null>(count).fill(null);
  for (const { points } of answer.inverters) {
    const sums = new Map<number, { w: number; n: number }>();
    for (const [t, ac] of points) {
      if (ac === null) continue;
      const index = Math.floor((t - from) / PLANT_BUCKET_MS);
      if (index < 0 || index >= count) continue;
      const sum = sums.get(index) ?? { w: 0, n: 0 };
      sum.w += ac;
      sum.n += 1;
      sums.set(index, sum);
    }
    for (const [index, { w, n }] of sums) buckets[index] = (buckets[index] ?? 0) + w / n;
  }
  return buckets.map((w) => (w === null ? null : round1(w)));
}

/** The plant's day from each device's own GET /companion/api/power answer for `date`. */
export function plantPower(date: string, devices: readonly DeviceHistory<PowerAnswer>[]): PlantPowerAnswer {
  const grid = devices.map(answered).find((answer) => answer !== undefined);
  const from = grid?.from ?? Date.parse(`${date}T00:00:00Z`);
  const to = grid?.to ?? from + DAY_MS;
  const count = Math.ceil((to - from) / PLANT_BUCKET_MS);
  const columns = devices.map((device) => {
    const answer = answered(device);
    return answer ? powerBuckets(answer, from, count) : Array<null>(count).fill(null);
  });
  const names = devices.map(({ name }) => name);
  const points = Array.from({ length: count }, (_, index): PlantPowerPoint => {
    const { byName, sum, lacking } = summed(
      names,
      columns.map((column) => column[index]!),
    );
    return { t: from + index * PLANT_BUCKET_MS, sum_w: sum, devices: byName, lacking };
  });
  return {
    date,
    timezone: grid?.timezone ?? '',
    from,
    to,
    bucket_ms: PLANT_BUCKET_MS,
    devices: devices.map((device) => ({ ...listed(device), timezone: answered(device)?.timezone ?? null })),
    points,
  };
}

/**
 * The grid figures of a period summed over the devices that recorded a meter there; null
 * when none did. Whole only when every one of them covered the period.
 */
function summedGrid(
  periods: readonly (EnergyPeriod | undefined)[],
): { grid: GridEnergy; complete: boolean } | null {
  const metered = periods.filter(
    (period): period is EnergyPeriod => period?.imported_wh != null && period.exported_wh != null,
  );
  if (metered.length === 0) return null;
  return {
    grid: {
      importWh: metered.reduce((sum, period) => sum + period.imported_wh!, 0),
      exportWh: metered.reduce((sum, period) => sum + period.exported_wh!, 0),
    },
    complete: metered.every((period) => period.grid_complete === true),
  };
}

/**
 * The plant's energy from each device's own GET /companion/api/energy answer to the same
 * query; `plantGrid`: the plant's own meter per period (one house), which then stands for
 * the devices' meters.
 */
export function plantEnergy(
  query: { by: EnergyBy; from: string; to: string },
  devices: readonly DeviceHistory<EnergyAnswer>[],
  plantGrid?: ReadonlyMap<string, { grid: GridEnergy; complete: boolean }>,
): PlantEnergyAnswer {
  const byDevice = devices.map(
    (device) => new Map(answered(device)?.periods.map((period) => [period.period, period])),
  );
  // Periods of one length sort as text; the set keeps them once when several devices answered.
  const periods = [...new Set(byDevice.flatMap((periods) => [...periods.keys()]))].sort();
  return {
    by: query.by,
    from: query.from,
    to: query.to,
    devices: devices.map(listed),
    periods: periods.map((period) => {
      const { byName, sum, lacking } = summed(
        devices.map(({ name }) => name),
        byDevice.map((values) => values.get(period)?.total_wh ?? null),
      );
      const grid = plantGrid
        ? (plantGrid.get(period) ?? null)
        : summedGrid(byDevice.map((values) => values.get(period)));
      return {
        period,
        total_wh: sum,
        devices: byName,
        lacking,
        ...energyFlow(sum, grid?.grid ?? null, grid?.complete ?? null),
      };
    }),
  };
}

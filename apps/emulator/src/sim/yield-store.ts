/**
 * What the inverters themselves keep while the DTU restarts: lifetime yields, the limit
 * in their EEPROM (and the non-persistent one until their next power-up), and whether
 * they were turned off. Keyed by serial, in one small file of the data folder (not a
 * device file; written atomically like config.json).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';
import { YIELD_FILE } from '../config/data-files';

export interface StoredInverter {
  /** Lifetime Wh per input. */
  yields: number[];
  /** % of nominal power. */
  limitPersistent?: number;
  limitNonPersistent?: number;
  poweredOn?: boolean;
  /** Simulated epoch ms of the save: a non-persistent limit only holds if the inverter stayed up since. */
  savedAt?: number;
}

export type StoredInverters = Record<string, StoredInverter>;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

// Older files held only the yields array per serial; both forms are read.
function readEntry(value: unknown): StoredInverter | undefined {
  if (Array.isArray(value)) return value.every(finite) ? { yields: value } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  const { yields } = entry;
  if (!Array.isArray(yields) || !yields.every(finite)) return undefined;
  const result: StoredInverter = { yields };
  if (finite(entry.limitPersistent)) result.limitPersistent = entry.limitPersistent;
  if (finite(entry.limitNonPersistent)) result.limitNonPersistent = entry.limitNonPersistent;
  if (typeof entry.poweredOn === 'boolean') result.poweredOn = entry.poweredOn;
  if (finite(entry.savedAt)) result.savedAt = entry.savedAt;
  return result;
}

export async function loadInverterStates(dataDir: string): Promise<StoredInverters> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dataDir, YIELD_FILE), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const result: StoredInverters = {};
    for (const [serial, value] of Object.entries(parsed)) {
      const entry = readEntry(value);
      if (entry) result[serial] = entry;
    }
    return result;
  } catch {
    return {};
  }
}

export async function saveInverterStates(dataDir: string, states: StoredInverters): Promise<void> {
  await writeFileAtomic(join(dataDir, YIELD_FILE), JSON.stringify(states));
}

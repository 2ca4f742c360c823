/**
 * Lifetime yields survive emulator restarts, as the inverter's own counters survive the
 * DTU's: Wh per input, keyed by serial, in one small file of the data folder (not a
 * device file; written atomically like config.json).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../config/atomic-write';

export const YIELD_FILE = '.sim-yields.json';

export type StoredYields = Record<string, number[]>;

export async function loadYields(dataDir: string): Promise<StoredYields> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dataDir, YIELD_FILE), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    const result: StoredYields = {};
    for (const [serial, values] of Object.entries(parsed)) {
      if (Array.isArray(values) && values.every((v) => typeof v === 'number' && Number.isFinite(v))) {
        result[serial] = values as number[];
      }
    }
    return result;
  } catch {
    return {};
  }
}

export async function saveYields(dataDir: string, yields: StoredYields): Promise<void> {
  await writeFileAtomic(join(dataDir, YIELD_FILE), JSON.stringify(yields));
}

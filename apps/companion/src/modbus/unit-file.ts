/**
 * modbus-units.json in the data folder: each inverter's unit id and phase (unit-map.ts),
 * written atomically. A file that cannot be read stops the start, naming itself: serving
 * with new unit ids would move every inverter a GX or evcc knows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';
import { readUnitEntries, type UnitEntry } from './unit-map';

export const UNITS_FILE = 'modbus-units.json';

export class UnitFileError extends Error {}

export function readUnitFile(dataDir: string): UnitEntry[] {
  const file = join(dataDir, UNITS_FILE);
  if (!existsSync(file)) return [];
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UnitFileError(`${file} cannot be read (${(error as Error).message}); fix or remove it`);
  }
  const entries = readUnitEntries(data);
  if (typeof entries === 'string') throw new UnitFileError(`${file}: ${entries}; fix or remove it`);
  return entries;
}

export async function writeUnitFile(dataDir: string, entries: readonly UnitEntry[]): Promise<void> {
  const sorted = [...entries].sort((a, b) => a.unit - b.unit);
  await writeFileAtomic(
    join(dataDir, UNITS_FILE),
    `${JSON.stringify({ version: 1, inverters: sorted }, null, 2)}\n`,
  );
}

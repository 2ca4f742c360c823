/**
 * The grid meter's energy counters in the data folder (`meter.json`), so that a restart of
 * the emulator goes on from where they stood, as a real meter's do: started afresh from its
 * seed, the meter would read less than before, and a client would take that for a meter
 * replaced. Written atomically; a file that is missing or not the counters is ignored (the
 * meter then starts from its seed, as on the first start).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';
import type { MeterCounters } from './grid-meter';

export const METER_FILE = 'meter.json';

const isWh = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isWhList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length === 3 && value.every(isWh);

export async function loadMeterCounters(dataDir: string): Promise<MeterCounters | undefined> {
  let value: Partial<MeterCounters>;
  try {
    value = JSON.parse(await readFile(join(dataDir, METER_FILE), 'utf8')) as Partial<MeterCounters>;
  } catch {
    return undefined;
  }
  const { importWh, exportWh, phaseImportWh, phaseExportWh } = value ?? {};
  if (!isWh(importWh) || !isWh(exportWh) || !isWhList(phaseImportWh) || !isWhList(phaseExportWh))
    return undefined;
  return { importWh, exportWh, phaseImportWh, phaseExportWh };
}

export function saveMeterCounters(dataDir: string, counters: MeterCounters): Promise<void> {
  return writeFileAtomic(join(dataDir, METER_FILE), JSON.stringify(counters));
}

import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TaskDetail } from '@opendtu/api';
import { isEmulatorFile } from '../config/data-files';

/**
 * Plausible, slowly changing figures for the status pages (contract §2.4, §3.1). They are
 * smooth functions of uptime, so two reads a second apart differ a little, as on a device.
 */

/** A value that wanders around a centre: a sum of two slow sines, phase-shifted per device. */
function wander(uptimeMs: number, seed: number, periodS: number, amplitude: number): number {
  const t = uptimeMs / 1000;
  return (
    amplitude *
    (0.6 * Math.sin((2 * Math.PI * t) / periodS + seed) +
      0.4 * Math.sin((2 * Math.PI * t) / (periodS / 3.7) + seed * 2))
  );
}

/** Station RSSI in dBm, around -58. */
export function wifiSignal(uptimeMs: number, seed: number): number {
  return Math.round(-58 + wander(uptimeMs, seed % 7, 90, 6));
}

export const HEAP_TOTAL = 316_612;
/** Size of one OTA app slot (a 4 MB flash with two 1.875 MB app partitions), the largest image. */
export const SKETCH_TOTAL = 1_966_080;
export const LITTLEFS_TOTAL = 1_441_792;
/** LittleFS allocates in 4 KiB blocks; two are always taken by the root directory. */
const BLOCK = 4096;

export interface HeapFigures {
  heap_used: number;
  heap_max_block: number;
  heap_min_free: number;
}

/** Heap use grows a little with uptime (buffers, sockets) and breathes with activity. */
export function heapFigures(uptimeMs: number, seed: number): HeapFigures {
  const settled = Math.min(1, uptimeMs / 120_000);
  const used = Math.round(148_000 + 9_000 * settled + wander(uptimeMs, seed, 30, 2_500));
  const free = HEAP_TOTAL - used;
  return {
    heap_used: used,
    heap_max_block: Math.min(110_580, Math.floor((free * 0.66) / 4) * 4),
    heap_min_free: Math.round(free - 14_000 - 6_000 * settled),
  };
}

/** Bytes the data folder would take on LittleFS (files rounded up to whole blocks). */
export async function littlefsUsed(dataDir: string): Promise<number> {
  let used = 2 * BLOCK;
  try {
    for (const entry of await readdir(dataDir, { withFileTypes: true })) {
      if (!entry.isFile() || isEmulatorFile(entry.name)) continue;
      const { size } = await stat(join(dataDir, entry.name));
      used += Math.max(1, Math.ceil(size / BLOCK)) * BLOCK;
    }
  } catch {
    // An unreadable folder counts as empty.
  }
  return Math.min(used, LITTLEFS_TOTAL);
}

/** The FreeRTOS tasks the firmware reports, in its order (contract §2.4), with stack high-water marks. */
export function taskDetails(uptimeMs: number, mqttEnabled: boolean): TaskDetail[] {
  const settle = (start: number, floor: number): number =>
    Math.round(floor + (start - floor) * Math.exp(-uptimeMs / 600_000));
  const tasks: TaskDetail[] = [
    { name: 'IDLE0', stack_watermark: 1044, priority: 0 },
    { name: 'IDLE1', stack_watermark: 1044, priority: 0 },
    { name: 'wifi', stack_watermark: settle(4200, 3708), priority: 23 },
    { name: 'tiT', stack_watermark: settle(2700, 2188), priority: 18 },
    { name: 'loopTask', stack_watermark: settle(4800, 3612), priority: 1 },
    { name: 'async_tcp', stack_watermark: settle(13900, 12524), priority: 3 },
  ];
  if (mqttEnabled) tasks.push({ name: 'mqttclient', stack_watermark: settle(4300, 3940), priority: 5 });
  return tasks;
}

// The size of a web bundle folder as stored in device flash, and the reference figures
// js/app.js.gz is held against.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** js/app.js.gz of the original web app in OpenDTU v25.4.10. */
export const REFERENCE_APP_JS_GZ = 194_149;
/** The project's goal with every screen, React 19 and en/de/fr inside: 0.6 x the reference. */
export const GOAL_APP_JS_GZ = 116_000;

export interface BundleSize {
  /** Bytes of js/app.js.gz (0 when the folder has none). */
  appJs: number;
  /** Bytes of every file in the folder. */
  total: number;
  files: [name: string, bytes: number][];
}

export async function bundleSize(dir: string): Promise<BundleSize> {
  const files: [string, number][] = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    const info = await stat(join(dir, entry));
    if (info.isFile()) files.push([entry.split('\\').join('/'), info.size]);
  }
  files.sort(([a], [b]) => a.localeCompare(b));
  return {
    appJs: files.find(([name]) => name === 'js/app.js.gz')?.[1] ?? 0,
    total: files.reduce((sum, [, size]) => sum + size, 0),
    files,
  };
}

/** How far js/app.js.gz is from the goal, in words for the table. */
export function goalText(appJs: number): string {
  const goal = GOAL_APP_JS_GZ.toLocaleString('en-US');
  return appJs <= GOAL_APP_JS_GZ
    ? `goal ${goal}: met, ${(GOAL_APP_JS_GZ - appJs).toLocaleString('en-US')} to spare`
    : `goal ${goal}: ${(appJs - GOAL_APP_JS_GZ).toLocaleString('en-US')} over`;
}

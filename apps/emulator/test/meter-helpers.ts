import { identityFor } from '../src/config/identity';
import type { LaunchedEmulator } from '../src/launch';
import { seedOf } from '../src/sim/random';
import { createSky } from '../src/sim/weather';

const DAY_MS = 86_400_000;
/** The device's default site (config defaults). */
const LONGITUDE = 10.4515;

/**
 * The first day from `from` on which the sky over this data folder's device is clear: the
 * weather is drawn from the DTU serial, which a fresh data folder derives from its path.
 * Tests that compare power across seconds start there, so clouds do not move the numbers.
 */
export function firstClearDay(dataDir: string, from = Date.parse('2026-06-01T00:00:00Z')): number {
  const sky = createSky(seedOf('site', identityFor(dataDir).defaultDtuSerial));
  for (let day = from; day < from + 120 * DAY_MS; day += DAY_MS) {
    if (sky.weatherOf(day + 12 * 3_600_000, LONGITUDE) === 'clear') return day;
  }
  throw new Error(`no clear day for ${dataDir}`);
}

/** The grid meter's base URL, once the process has printed it (after the device's own line). */
export async function meterUrlOf(child: LaunchedEmulator): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const url = /meter listening on (http:\/\/\S+)/.exec(child.output())?.[1];
    if (url) return url;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no meter in:\n${child.output()}`);
}

// The companion server: its memory and CPU in front of 10 inverters polled once a second
// (the device's shortest poll interval: about ten frames a second, each recorded), with a
// browser watching, as installed (lib/companion-build.ts: the built server with the node
// flags of its first line); and the size of its database after a simulated year, filled fast.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDay } from '../../apps/companion/src/recorder/day-energy';
import { RAW_DAYS } from '../../apps/companion/src/recorder/recorder';
import type { Sample } from '../../apps/companion/src/recorder/sample';
import { HistoryStore, ROLLUP_MS } from '../../apps/companion/src/recorder/db/history-store';
import { openDatabase } from '../../apps/companion/src/recorder/db/open';
import { startCompanionRun } from '../lib/companion-run';
import { procStat } from '../lib/proc-stat';

/** How the year is filled: a sample every 5 s (the device's default poll interval) from 6:00 to 18:00. */
export const YEAR_FILL = { everyMs: 5000, fromHour: 6, toHour: 18, strings: 6 };
export const RUNTIME = { warmupMs: 15_000, windowMs: 20_000 };

export interface CompanionFigures {
  rssMb: number[];
  cpuPercent: number[];
  framesPerSecond: number[];
  /** The database file after a simulated year of one inverter. */
  yearBytes: number;
  rawSamples: number;
  rollups: number;
  fillSeconds: number;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** The companion in front of one DTU: CPU, frames passed on and memory over `windows` windows. */
async function runtime(
  windows: number,
): Promise<Pick<CompanionFigures, 'rssMb' | 'cpuPercent' | 'framesPerSecond'>> {
  const run = await startCompanionRun(1);
  try {
    await wait(RUNTIME.warmupMs);
    const figures = { rssMb: [] as number[], cpuPercent: [] as number[], framesPerSecond: [] as number[] };
    for (let window = 0; window < windows; window += 1) {
      const before = await procStat(run.pid);
      const framesBefore = run.frames();
      const start = performance.now();
      await wait(RUNTIME.windowMs);
      const after = await procStat(run.pid);
      const ms = performance.now() - start;
      figures.cpuPercent.push(((after.cpuMs - before.cpuMs) / ms) * 100);
      figures.rssMb.push(after.rssBytes / 2 ** 20);
      figures.framesPerSecond.push(((run.frames() - framesBefore) / ms) * 1000);
    }
    return figures;
  } finally {
    await run.stop();
  }
}

/**
 * A year of one six-string inverter written straight into the store, day by day, with the
 * recorder's hourly roll-up done once a day: what the disk holds after a year of recording.
 */
async function year(): Promise<
  Pick<CompanionFigures, 'yearBytes' | 'rawSamples' | 'rollups' | 'fillSeconds'>
> {
  const dir = await mkdtemp(join(tmpdir(), 'opendtu-bench-year-'));
  const started = Date.now();
  const connection = openDatabase(dir);
  const store = new HistoryStore(connection);
  try {
    const strings = Array.from({ length: YEAR_FILL.strings }, (_, i) => `String ${i + 1}`);
    const inv = store.inverterId('138291234567', 'Barn HMT-2250', strings);
    const firstDay = Date.UTC(2025, 0, 1);
    let yieldTotal = 12_345;
    let rolledUpTo = firstDay;
    for (let day = 0; day < 365; day += 1) {
      const midnight = firstDay + day * 86_400_000;
      store.transaction(() => {
        const session = store.openSession(midnight);
        let yieldDay = 0;
        for (
          let t = midnight + YEAR_FILL.fromHour * 3_600_000;
          t < midnight + YEAR_FILL.toHour * 3_600_000;
          t += YEAR_FILL.everyMs
        ) {
          // A day-shaped curve with noise, so values vary as real ones do.
          const sun = Math.sin(
            (Math.PI * (t - midnight - YEAR_FILL.fromHour * 3_600_000)) / (12 * 3_600_000),
          );
          const dc = strings.map(() => Math.round(sun * (300 + Math.random() * 40) * 10) / 10);
          const ac = Math.round(dc.reduce((a, b) => a + b, 0) * 0.96 * 10) / 10;
          yieldDay += (ac * YEAR_FILL.everyMs) / 3_600_000;
          yieldTotal += (ac * YEAR_FILL.everyMs) / 3_600_000_000;
          const sample: Sample = {
            serial: '138291234567',
            name: 'Barn HMT-2250',
            strings,
            t,
            ac,
            dc,
            yieldDay: Math.round(yieldDay),
            yieldTotal: Math.round(yieldTotal * 1000) / 1000,
            temperature: Math.round((20 + sun * 25) * 10) / 10,
            limit: 100,
            reachable: true,
            producing: ac > 0,
          };
          store.addSample(inv, session, sample);
        }
        store.saveDay(inv, startDay(new Date(midnight).toISOString().slice(0, 10), undefined), yieldDay);
      });
      const cutoff = midnight + 86_400_000 - RAW_DAYS * 86_400_000;
      const to = cutoff - (cutoff % ROLLUP_MS);
      if (to > rolledUpTo) store.rollUp(inv, rolledUpTo, to);
      rolledUpTo = Math.max(rolledUpTo, to);
    }
    const end = firstDay + 365 * 86_400_000;
    const points = store.power(inv, firstDay, end);
    return {
      yearBytes: (await stat(store.file)).size,
      rawSamples: points.filter((point) => point.session !== undefined).length,
      rollups: points.filter((point) => point.session === undefined).length,
      fillSeconds: (Date.now() - started) / 1000,
    };
  } finally {
    connection.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function measureCompanion(windows: number): Promise<CompanionFigures> {
  return { ...(await runtime(windows)), ...(await year()) };
}

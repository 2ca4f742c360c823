// The companion server: its memory and CPU in front of 10 inverters polled once a second
// (the device's shortest poll interval: about ten frames a second, each recorded), with a
// browser watching, as installed (lib/companion-build.ts: the built server with the node
// flags of its first line); and the size of its database after a simulated year, filled fast.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { LaunchedProcess } from '@opendtu/server-kit/launch-process';
import { NODE_FLAGS } from '../../apps/companion/build/server-build.mjs';
import { startDay } from '../../apps/companion/src/recorder/day-energy';
import { RAW_DAYS } from '../../apps/companion/src/recorder/recorder';
import type { Sample } from '../../apps/companion/src/recorder/sample';
import { HistoryStore, ROLLUP_MS } from '../../apps/companion/src/recorder/db/history-store';
import { openDatabase } from '../../apps/companion/src/recorder/db/open';
import { INSTALLATION } from '../lib/bundles';
import { buildCompanion, launchBuiltCompanion } from '../lib/companion-build';
import { setPollInterval } from '../lib/device';
import { startEmulator } from '../lib/emulator';

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

/** A process's CPU time so far and its resident memory, from /proc. */
export async function procStat(pid: number): Promise<{ cpuTicks: number; rssBytes: number }> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks.
  const cpuTicks = Number(fields[11]) + Number(fields[12]);
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpuTicks, rssBytes: Number(kb) * 1024 };
}

/**
 * A browser's socket on `url`, opened again every 500 ms while the companion answers 503 (it
 * listens before its own socket to the device is up; the built server gets there sooner).
 */
function openSocket(url: string, onFrame: () => void): Promise<WebSocket> {
  return new Promise((opened) => {
    const socket = new WebSocket(url);
    socket.on('message', onFrame);
    socket.on('open', () => opened(socket));
    socket.on('error', () => setTimeout(() => void openSocket(url, onFrame).then(opened), 500));
  });
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/**
 * The companion in front of `devices` virtual DTUs of 10 inverters each, every one polled
 * once a second, with a browser socket on each device's live data; one device is served at
 * the root, several each under /dtu/NAME/ (issue 33).
 */
async function runtime(
  windows: number,
  devices = 1,
): Promise<Pick<CompanionFigures, 'rssMb' | 'cpuPercent' | 'framesPerSecond'>> {
  const emulators: Awaited<ReturnType<typeof startEmulator>>[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-bench-companion-'));
  let companion: LaunchedProcess | undefined;
  const sockets: WebSocket[] = [];
  try {
    for (let index = 0; index < devices; index += 1) {
      const emulator = await startEmulator({ ...INSTALLATION });
      emulators.push(emulator);
      await setPollInterval(emulator.url, 1);
    }
    const names = emulators.map((_, index) => `dtu${index + 1}`);
    const deviceArgs =
      devices === 1
        ? ['--device', emulators[0]!.url]
        : emulators.flatMap((emulator, index) => ['--device', `${names[index]}=${emulator.url}`]);
    // As for the emulator (lib/emulator.ts): a busy machine may take long to start a process.
    companion = await launchBuiltCompanion(
      await buildCompanion(),
      NODE_FLAGS,
      [...deviceArgs, '--data', dataDir],
      90_000,
    );
    const { url, child } = companion;
    let frames = 0;
    for (const path of devices === 1 ? ['/livedata'] : names.map((name) => `/dtu/${name}/livedata`)) {
      sockets.push(await openSocket(`${url.replace(/^http/, 'ws')}${path}`, () => (frames += 1)));
    }
    await wait(RUNTIME.warmupMs);
    const figures = { rssMb: [] as number[], cpuPercent: [] as number[], framesPerSecond: [] as number[] };
    for (let window = 0; window < windows; window += 1) {
      const before = await procStat(child.pid!);
      const framesBefore = frames;
      const start = Date.now();
      await wait(RUNTIME.windowMs);
      const after = await procStat(child.pid!);
      const seconds = (Date.now() - start) / 1000;
      figures.cpuPercent.push(((after.cpuTicks - before.cpuTicks) / TICKS_PER_SECOND / seconds) * 100);
      figures.rssMb.push(after.rssBytes / 2 ** 20);
      figures.framesPerSecond.push((frames - framesBefore) / seconds);
    }
    return figures;
  } finally {
    for (const socket of sockets) socket.terminate();
    await companion?.stop();
    for (const emulator of emulators) await emulator.stop();
    await rm(dataDir, { recursive: true, force: true });
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

/** The same runtime figures with three devices of 10 inverters each (issue 33's plant). */
export function measurePlant(windows: number): ReturnType<typeof runtime> {
  return runtime(windows, 3);
}

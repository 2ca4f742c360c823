// The companion server with years of history and over a simulated week, as built for
// installing (lib/companion-build.ts): memory with 10 inverters at one frame a second,
// the longest wait of a request while 90 days of 10 inverters are rolled up, the year
// view over five years, and the time from start to the first answer with half a gigabyte
// of history. Figures only: nothing here passes or fails on time.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchProcess, type LaunchedProcess } from '@opendtu/server-kit/launch-process';
import { MIGRATIONS } from '../../apps/companion/src/recorder/db/migrations';
import { DATABASE_FILE, PID_FILE } from '../../apps/companion/src/recorder/db/open';
import { NODE_ENVIRONMENT, NODE_FLAGS } from '../../apps/companion/build/server-build.mjs';
import { CACHE, launchBuiltCompanion } from '../lib/companion-build';
import { ADMIN } from '../lib/device';
import { log } from '../lib/bundles';
import { startEmulator, type Emulator } from '../lib/emulator';
import { fillHistory, type HistoryFill } from '../lib/history-fill';
import { percentile } from '../lib/stats';

const DAY_MS = 86_400_000;
const WEEK_S = 7 * 86_400;
/** The history: 90 days of raw samples of 10 inverters (every 5 s from 6:00 to 18:00), five years before them. */
export const FILL: HistoryFill = {
  inverters: 10,
  rawDays: 90,
  everyMs: 5000,
  rawUntil: Date.UTC(2026, 5, 1),
  rollupDays: 5 * 365,
};
const AUTH = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
const RSS_EVERY_MS = 2000;
const YEAR_REQUESTS = 20;

/** How Node runs the server: as installed, or with V8's and glibc's defaults (the server before issue 30). */
export interface NodeSetup {
  label: string;
  nodeFlags: string[];
  nodeEnvironment: Record<string, string>;
}
export const SETUPS: NodeSetup[] = [
  // The installed file's first line gives node this (apps/companion/build/server-build.mjs);
  // SQLite's WebAssembly stays at the baseline tier by itself (apps/companion/src/recorder/db/sqlite.ts).
  { label: 'as installed', nodeFlags: NODE_FLAGS, nodeEnvironment: NODE_ENVIRONMENT },
  { label: 'V8 defaults', nodeFlags: ['--no-liftoff-only'], nodeEnvironment: {} },
];

export interface WeekFigures {
  speed: number;
  rssStartMb: number;
  rssMaxMb: number;
  rssEndMb: number;
  /** MB per simulated day, a least-squares line through the samples after the first day. */
  slopeMbPerDay: number;
  daysRecorded: number;
}

export interface StartFigures {
  emptyMs: number[];
  cleanMs: number[];
  uncleanMs: number;
  databaseBytes: number;
}

export interface YearFigures {
  coldMs: number;
  monthsMs: number[];
  yearsMs: number[];
}

export interface RollupFigures {
  seconds: number;
  requests: number;
  /** The health answer does no work of its own: its longest round trip is the longest wait. */
  healthMaxMs: number;
  healthP99Ms: number;
  /** A day of one inverter's power: the wait plus its own reading. */
  powerMaxMs: number;
  baselineMaxMs: number;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function rssMb(pid: number): Promise<number> {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function timedGet(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers: { authorization: AUTH } });
  await response.arrayBuffer();
  if (response.status >= 500 && !url.includes('/health'))
    throw new Error(`GET ${url}: HTTP ${response.status}`);
  return performance.now() - start;
}

const launchBuilt = (server: string, setup: NodeSetup, args: string[]): Promise<LaunchedProcess> =>
  launchBuiltCompanion(server, setup.nodeFlags, args, undefined, setup.nodeEnvironment);

/** A filled data folder, made once and kept (the fill takes minutes); each use gets a copy. */
export function filledHistory(): string {
  const key = `history-v${MIGRATIONS.length}-${FILL.inverters}x${FILL.rawDays}d-${FILL.everyMs}ms-${FILL.rollupDays}d`;
  const kept = join(CACHE, key);
  if (!existsSync(join(kept, DATABASE_FILE))) {
    log(
      `  filling ${FILL.inverters} inverters: ${FILL.rawDays} days raw, ${FILL.rollupDays} days of averages (once, kept in ${kept})`,
    );
    const making = `${kept}.making`;
    rmSync(making, { recursive: true, force: true });
    fillHistory(making, FILL);
    rmSync(kept, { recursive: true, force: true });
    renameSync(making, kept);
  }
  return kept;
}

function copyOf(kept: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'opendtu-bench-history-'));
  cpSync(join(kept, DATABASE_FILE), join(dir, DATABASE_FILE));
  return dir;
}

/** Memory over a simulated week: the device's clock `speed` times faster, frames once a real second. */
export async function measureWeek(server: string, setup: NodeSetup, minutes: number): Promise<WeekFigures> {
  const speed = Math.round(WEEK_S / (minutes * 60));
  const emulator = await startEmulator({
    inverters: 10,
    speed,
    pushIntervalMs: 1000,
    time: '2026-06-21T00:00',
  });
  const dir = mkdtempSync(join(tmpdir(), 'opendtu-bench-week-'));
  let companion: LaunchedProcess | undefined;
  try {
    companion = await launchBuilt(server, setup, [
      '--device',
      emulator.url,
      '--data',
      dir,
      '--speed',
      String(speed),
    ]);
    const pid = companion.child.pid!;
    const start = performance.now();
    const samples: { day: number; mb: number }[] = [];
    while (performance.now() - start < minutes * 60_000) {
      await wait(RSS_EVERY_MS);
      samples.push({ day: ((performance.now() - start) * speed) / DAY_MS, mb: await rssMb(pid) });
    }
    const answer = await fetch(`${companion.url}/companion/api/energy?by=day&from=2026-06-20&to=2026-06-30`, {
      headers: { authorization: AUTH },
    });
    const { periods } = (await answer.json()) as { periods: { total_wh: number | null }[] };
    const late = samples.filter((sample) => sample.day >= 1);
    const meanDay = late.reduce((sum, s) => sum + s.day, 0) / late.length;
    const meanMb = late.reduce((sum, s) => sum + s.mb, 0) / late.length;
    const slope =
      late.reduce((sum, s) => sum + (s.day - meanDay) * (s.mb - meanMb), 0) /
      late.reduce((sum, s) => sum + (s.day - meanDay) ** 2, 0);
    return {
      speed,
      rssStartMb: samples[0]!.mb,
      rssMaxMb: Math.max(...samples.map((sample) => sample.mb)),
      rssEndMb: samples.at(-1)!.mb,
      slopeMbPerDay: slope,
      daysRecorded: periods.filter((period) => period.total_wh !== null).length,
    };
  } finally {
    await companion?.stop();
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Spawn to the first answer of /companion/api/health (whatever its status). */
async function startOnce(
  server: string,
  setup: NodeSetup,
  emulator: Emulator,
  dir: string,
): Promise<{ ms: number; companion: LaunchedProcess }> {
  const start = performance.now();
  const companion = await launchBuilt(server, setup, ['--device', emulator.url, '--data', dir]);
  for (;;) {
    try {
      await timedGet(`${companion.url}/companion/api/health`);
      return { ms: performance.now() - start, companion };
    } catch {
      await wait(10);
    }
  }
}

/** Start times and the year view, on one copy of the filled history. */
export async function measureStartAndYear(
  server: string,
  setup: NodeSetup,
): Promise<{ start: StartFigures; year: YearFigures }> {
  const kept = filledHistory();
  const emulator = await startEmulator({ inverters: 10, time: '2026-06-21T12:00' });
  const empty = mkdtempSync(join(tmpdir(), 'opendtu-bench-empty-'));
  const dir = copyOf(kept);
  let companion: LaunchedProcess | undefined;
  try {
    const emptyMs: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const first = await startOnce(server, setup, emulator, empty);
      emptyMs.push(first.ms);
      await first.companion.stop();
    }
    const cleanMs: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const first = await startOnce(server, setup, emulator, dir);
      cleanMs.push(first.ms);
      await first.companion.stop();
    }
    // As after a power cut: the pid file of a process that is gone.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(dir, PID_FILE), String(dead));
    const unclean = await startOnce(server, setup, emulator, dir);
    companion = unclean.companion;

    const months = `${companion.url}/companion/api/energy?by=month&from=2025-01-01&to=2025-12-31`;
    const years = `${companion.url}/companion/api/energy?by=year&from=2021-01-01&to=2026-12-31`;
    const coldMs = await timedGet(months);
    const monthsMs: number[] = [];
    const yearsMs: number[] = [];
    for (let run = 0; run < YEAR_REQUESTS; run += 1) {
      monthsMs.push(await timedGet(months));
      yearsMs.push(await timedGet(years));
    }
    return {
      start: {
        emptyMs,
        cleanMs,
        uncleanMs: unclean.ms,
        databaseBytes: statSync(join(kept, DATABASE_FILE)).size,
      },
      year: { coldMs, monthsMs, yearsMs },
    };
  } finally {
    await companion?.stop();
    await emulator.stop();
    rmSync(empty, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Requests, one after the other, to a process whose recorder rolls up the 90 days of raw
 * samples of 10 inverters (lib/rollup-server.ts): how long the longest waited, and how
 * long a day of power took, before and during it.
 */
export async function measureRollup(setup: NodeSetup): Promise<RollupFigures> {
  const dir = copyOf(filledHistory());
  const harness = fileURLToPath(new URL('../lib/rollup-server.ts', import.meta.url));
  // The device's time where every raw sample is older than the 90 days kept.
  const now = FILL.rawUntil + (FILL.rawDays + 1) * DAY_MS;
  let process_: LaunchedProcess | undefined;
  try {
    process_ = await launchProcess({
      name: 'roll-up',
      args: [...setup.nodeFlags, '--import', 'tsx', harness, dir, String(now), '3000'],
      env: { ...process.env, ...setup.nodeEnvironment },
      startTimeoutMs: 120_000,
    });
    const base = process_.url;
    const midDay = FILL.rawUntil - Math.round(FILL.rawDays / 2) * DAY_MS;
    const times: { at: number; ms: number; power: boolean }[] = [];
    let done: RegExpExecArray | null = null;
    for (let n = 0; !done; n += 1) {
      const at = Date.now();
      const power = n % 2 === 1;
      const path = power ? `/power?from=${midDay - (n % 30) * DAY_MS}` : '/health';
      times.push({ at, power, ms: await timedGet(`${base}${path}`) });
      done = /rollup (\d+) (\d+)/.exec(process_.output());
    }
    const [start, end] = [Number(done[1]), Number(done[2])];
    const during = times.filter(({ at }) => at >= start && at <= end);
    const health = during.filter(({ power }) => !power).map(({ ms }) => ms);
    const powerMs = (list: typeof times): number =>
      Math.max(...list.filter(({ power }) => power).map(({ ms }) => ms));
    return {
      seconds: (end - start) / 1000,
      requests: during.length,
      healthMaxMs: Math.max(...health),
      healthP99Ms: percentile(health, 99),
      powerMaxMs: powerMs(during),
      baselineMaxMs: powerMs(times.filter(({ at }) => at < start)),
    };
  } finally {
    await process_?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npm run bench [-- --webapp <folder>] [--runs n] [--loads n] [--only a,b]`: prints one
// table of figures (never pass/fail on time; budgets that must hold are tests).
import { access } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { bundleSize, goalText, REFERENCE_APP_JS_GZ } from './bundle-size';
import { describeVirtualDevice, launchChromium } from './lib/browser';
import { log, OUR_BUNDLE, type Bundle } from './lib/bundles';
import { fmt, renderTable, type Row } from './lib/table';
import { measureCompanion, RUNTIME, YEAR_FILL } from './sections/companion';
import { historyRows } from './sections/companion-history-rows';
import { measureMemory, memoryRows } from './sections/companion-memory';
import { CONTROL_DEFAULTS, CONTROL_RUNS, controlRows, type ControlRun } from './sections/control';
import { alertRows } from './sections/alerts';
import { HOUR_SPEED, HTTP_LOAD, measureEmulator, SOCKET_LOAD } from './sections/emulator';
import {
  LIVE_TIME,
  measureHeap,
  measureUpdates,
  type HeapFigures,
  type UpdateFigures,
} from './sections/live';
import { measureLoads } from './sections/load';
import { MODBUS_LOAD, modbusRows } from './sections/modbus';
import { plantRows } from './sections/plant';

const SECTIONS = [
  'bundle',
  'load',
  'live',
  'heap',
  'emulator',
  'companion',
  'memory',
  'plant',
  'history',
  'control',
  'alerts',
  'modbus',
] as const;
type Section = (typeof SECTIONS)[number];
/** Device time runs this much faster while the heap is watched (30 minutes in 30 s). */
const HEAP_SPEED = 60;

const USAGE = `Usage: npm run bench -- [options]
  --webapp <dir>   also measure this bundle folder (the same six files, e.g. the original
                   firmware's webapp_dist), side by side with ours
  --runs <n>       repetitions of the repeated figures (default 5)
  --loads <n>      cold loads per bundle and screen (default 10)
  --only <list>    some of: ${SECTIONS.join(',')} (default all)
  --week-minutes <n>  real minutes the companion's simulated week takes (default 2;
                   more is closer to real time: 17 is --speed 600)
  --wasm-tiers     history section: also run the server with V8's defaults (SQLite's
                   WebAssembly optimised, a 16 MB young heap), as before issue 30
  --control-speed <n>  control section: the device's clock n times faster (default 10)
  --control-hours <a-b>  control section: the span of each day watched (default 6-20)
  --control-runs <list>  control section: some of ${CONTROL_RUNS.join(',')} (default all;
                   the faults are 30 minutes around 11:00 each)
  --control-samples <prefix>  control section: also writes each run's grid readings and
                   commands to <prefix>-<run>.csv (device time, grid W; to study a run)
  --modbus-minutes <n>  modbus section: minutes of each of its two runs (default ${MODBUS_LOAD.minutes};
                   1 to try it)`;

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a whole number from 1, got "${text}"`);
  return value;
}

/** `6-20`, `12.5-14`: device hours, from before to. */
function controlHours(text: string): { fromHour: number; toHour: number } {
  const [fromHour, toHour] = text.split('-').map(Number) as [number, number];
  if (!(fromHour >= 0 && toHour <= 24 && fromHour < toHour))
    throw new Error(`--control-hours must be two hours such as 6-20, got "${text}"`);
  return { fromHour, toHour };
}

function controlRuns(text: string): ControlRun[] {
  const runs = text.split(',').map((s) => s.trim());
  for (const run of runs)
    if (!CONTROL_RUNS.includes(run as ControlRun)) throw new Error(`--control-runs: unknown run "${run}"`);
  return runs as ControlRun[];
}

interface Options {
  other: Bundle | undefined;
  runs: number;
  loads: number;
  only: Set<Section>;
  weekMinutes: number;
  wasmTiers: boolean;
  control: typeof CONTROL_DEFAULTS;
  modbusMinutes: number;
}

function parseOptions(): Options | 'help' {
  const { values } = parseArgs({
    options: {
      webapp: { type: 'string' },
      runs: { type: 'string', default: '5' },
      loads: { type: 'string', default: '10' },
      only: { type: 'string', default: SECTIONS.join(',') },
      'week-minutes': { type: 'string', default: '2' },
      'wasm-tiers': { type: 'boolean', default: false },
      'control-speed': { type: 'string', default: String(CONTROL_DEFAULTS.speed) },
      'control-hours': { type: 'string', default: `${CONTROL_DEFAULTS.fromHour}-${CONTROL_DEFAULTS.toHour}` },
      'control-runs': { type: 'string', default: CONTROL_RUNS.join(',') },
      'control-samples': { type: 'string' },
      'modbus-minutes': { type: 'string', default: String(MODBUS_LOAD.minutes) },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const only = new Set(values.only.split(',').map((s) => s.trim()));
  for (const name of only) {
    if (!SECTIONS.includes(name as Section)) throw new Error(`--only: unknown section "${name}"`);
  }
  // npm runs this in bench/; a relative folder means the one npm was started from.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const dir = values.webapp === undefined ? undefined : resolve(cwd, values.webapp);
  return {
    other: dir === undefined ? undefined : { label: basename(dir), dir },
    runs: positive('runs', values.runs),
    loads: positive('loads', values.loads),
    only: only as Set<Section>,
    weekMinutes: positive('week-minutes', values['week-minutes']),
    wasmTiers: values['wasm-tiers'],
    control: {
      speed: positive('control-speed', values['control-speed']),
      ...controlHours(values['control-hours']),
      runs: controlRuns(values['control-runs']),
      samples: values['control-samples'] === undefined ? undefined : resolve(cwd, values['control-samples']),
    },
    modbusMinutes: positive('modbus-minutes', values['modbus-minutes']),
  };
}

async function checkBundle(bundle: Bundle): Promise<void> {
  for (const file of ['index.html.gz', 'js/app.js.gz']) {
    await access(resolve(bundle.dir, file)).catch(() => {
      throw new Error(
        `${bundle.dir} has no ${file}: not a device web bundle (build ours with npm run build)`,
      );
    });
  }
}

function updateRows(
  label: string,
  ours: UpdateFigures,
  other: UpdateFigures | undefined,
  note: string,
): Row[] {
  const pick = <K extends keyof UpdateFigures>(key: K) => (other ? { other: other[key] } : {});
  return [
    {
      name: `${label}: main-thread time per frame (ms)`,
      ours: ours.msPerFrame,
      ...pick('msPerFrame'),
      format: fmt.ms,
      note,
    },
    {
      name: `${label}: frames received per second`,
      ours: ours.framesPerSecond,
      ...pick('framesPerSecond'),
      format: fmt.perSecond,
    },
    {
      name: `${label}: long tasks over 50 ms`,
      ours: ours.longTasks,
      ...pick('longTasks'),
      format: fmt.count,
    },
    {
      name: `${label}: long tasks per minute`,
      ours: ours.longTasksPerMinute,
      ...pick('longTasksPerMinute'),
      format: fmt.perSecond,
    },
    {
      name: `${label}: longest task (ms)`,
      ours: ours.longestTaskMs,
      ...pick('longestTaskMs'),
      format: fmt.ms,
    },
  ];
}

/** A companion run's CPU, frames passed on and memory, as rows (`names` says which setup). */
function serverRows(
  figures: Pick<Awaited<ReturnType<typeof measureCompanion>>, 'cpuPercent' | 'framesPerSecond' | 'rssMb'>,
  names: { cpu: string; frames: string; rss: string },
  cpuNote: string,
): Row[] {
  return [
    { name: names.cpu, ours: figures.cpuPercent, format: fmt.percent, note: cpuNote },
    { name: names.frames, ours: figures.framesPerSecond, format: fmt.perSecond },
    { name: names.rss, ours: figures.rssMb.map((mb) => mb * 2 ** 20), format: fmt.mb },
  ];
}

function heapRows(ours: HeapFigures, other: HeapFigures | undefined): Row[] {
  const note = `device ${HEAP_SPEED}x faster, after GC`;
  return [
    {
      name: 'Heap after 1 simulated minute (MB)',
      ours: ours.atMinute1,
      ...(other ? { other: other.atMinute1 } : {}),
      format: fmt.mb,
      note,
    },
    {
      name: 'Heap after 30 simulated minutes (MB)',
      ours: ours.atMinute30,
      ...(other ? { other: other.atMinute30 } : {}),
      format: fmt.mb,
      note,
    },
  ];
}

async function run(): Promise<void> {
  const options = parseOptions();
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const { other, runs, loads, only, weekMinutes, wasmTiers } = options;
  const bundles = other ? [OUR_BUNDLE, other] : [OUR_BUNDLE];
  for (const bundle of bundles) await checkBundle(bundle);
  const started = Date.now();
  const loadAtStart = loadavg()[0]!;
  const rows: Row[] = [];
  const side = <T>(map: Map<string, T>): { ours: T; other?: T } => ({
    ours: map.get(OUR_BUNDLE.label)!,
    ...(other ? { other: map.get(other.label)! } : {}),
  });

  if (only.has('bundle')) {
    log('bundle sizes');
    const ours = await bundleSize(OUR_BUNDLE.dir);
    const theirs = other ? await bundleSize(other.dir) : undefined;
    const firmware = REFERENCE_APP_JS_GZ.toLocaleString('en-US');
    rows.push({
      name: 'Bundle: js/app.js.gz (bytes)',
      ours: ours.appJs,
      ...(theirs ? { other: theirs.appJs } : {}),
      format: fmt.bytes,
      note: `${(ours.appJs / REFERENCE_APP_JS_GZ).toFixed(2)}x the firmware's ${firmware}; ${goalText(ours.appJs)}`,
    });
    rows.push({
      name: 'Bundle: whole folder (bytes)',
      ours: ours.total,
      ...(theirs ? { other: theirs.total } : {}),
      format: fmt.bytes,
      note: `${ours.files.length} files as stored in flash`,
    });
  }

  let browser: Browser | undefined;
  let chromiumVersion = '';
  try {
    if (only.has('load') || only.has('live') || only.has('heap')) {
      browser = await launchChromium();
      chromiumVersion = browser.version();
    }
    if (browser && only.has('load')) {
      log(`cold loads (${loads} per bundle and screen)`);
      const results = side(await measureLoads(browser, bundles, loads));
      const note = `${loads} cold loads, navigation to ready`;
      for (const [kind, path, ready] of [
        ['liveTotals', '/', 'live totals on screen'],
        ['settingsForm', '/settings/network', 'interactive settings form'],
        ['systemInfo', '/info/system', 'system status on screen'],
      ] as const) {
        rows.push({
          name: `Load ${path}: first paint (ms)`,
          ours: results.ours.paints[kind],
          ...(other ? { other: results.other?.paints[kind] } : {}),
          format: fmt.ms,
          note: 'first contentful paint',
        });
        rows.push({
          name: `Load ${path}: ${ready} (ms)`,
          ours: results.ours.times[kind],
          ...(other ? { other: results.other?.times[kind] } : {}),
          format: fmt.ms,
          note,
        });
      }
    }
    if (browser && only.has('live')) {
      for (const [label, speed, pushIntervalMs, windowMs] of [
        ['Live 1 s', 1, 1000, 5000],
        ['Live 10x', 10, 100, 2000],
      ] as const) {
        const results = new Map<string, UpdateFigures>();
        for (const bundle of bundles) {
          log(`live updates, ${label}: ${bundle.label}`);
          results.set(
            bundle.label,
            await measureUpdates(browser, bundle, { speed, pushIntervalMs, windows: runs, windowMs }),
          );
        }
        const { ours, other: theirs } = side(results);
        const note = `poll 1 s, ${runs} windows of ${windowMs / 1000} s, device at ${LIVE_TIME.slice(11)} with the day charted`;
        rows.push(...updateRows(label, ours, theirs, note));
      }
    }
    if (browser && only.has('heap')) {
      const results = new Map<string, HeapFigures>();
      for (const bundle of bundles) {
        log(`heap over 30 simulated minutes: ${bundle.label}`);
        results.set(bundle.label, await measureHeap(browser, bundle, HEAP_SPEED));
      }
      const { ours, other: theirs } = side(results);
      rows.push(...heapRows(ours, theirs));
    }
  } finally {
    await browser?.close();
  }

  if (only.has('emulator')) {
    log('emulator under load');
    const e = await measureEmulator(Math.min(runs, 3));
    rows.push(
      {
        name: 'Emulator: GET /api/livedata/status per second',
        ours: e.requestsPerSecond,
        format: fmt.perSecond,
        note: `autocannon, ${HTTP_LOAD.connections} connections, ${HTTP_LOAD.seconds} s runs`,
      },
      { name: 'Emulator: same, 99th percentile latency (ms)', ours: e.p99LatencyMs, format: fmt.ms },
      {
        name: 'Emulator: WebSocket frames per second, 8 clients',
        ours: e.socketFramesPerSecond,
        format: fmt.perSecond,
        note: `sum over ${SOCKET_LOAD.clients} clients, device ${SOCKET_LOAD.speed}x faster`,
      },
      { name: 'Emulator: memory (RSS) at start (MB)', ours: e.rssStart, format: fmt.mb },
      {
        name: 'Emulator: memory (RSS) after 1 simulated hour (MB)',
        ours: e.rssAfterHour,
        format: fmt.mb,
        note: `--speed ${HOUR_SPEED}, 1 socket client`,
      },
    );
  }

  if (only.has('companion')) {
    log('companion server: 10 inverters, then a simulated year');
    const c = await measureCompanion(Math.min(runs, 3));
    const windows = `${Math.min(runs, 3)} windows of ${RUNTIME.windowMs / 1000} s`;
    rows.push(
      ...serverRows(
        c,
        {
          cpu: 'Companion: CPU, 10 inverters polled every 1 s (% of a core)',
          frames: 'Companion: live frames per second passed on',
          rss: 'Companion: memory (RSS) (MB)',
        },
        `${windows}, recording, 1 browser socket`,
      ),
      {
        name: 'Companion: database after a year, 1 inverter (MB)',
        ours: c.yearBytes,
        format: fmt.mb,
        note:
          `6 strings, a sample every ${YEAR_FILL.everyMs / 1000} s for 12 h a day: ` +
          `${c.rawSamples.toLocaleString('en-US')} raw (90 days) + ${c.rollups.toLocaleString('en-US')} 5-min averages`,
      },
      {
        name: 'Companion: bytes per stored raw sample',
        ours: Math.round(c.yearBytes / (c.rawSamples + c.rollups)),
        format: fmt.count,
        note: `filled in ${Math.round(c.fillSeconds)} s`,
      },
    );
  }

  if (only.has('memory')) {
    log('companion server as installed: its memory, 10 inverters');
    rows.push(...memoryRows(await measureMemory(Math.min(runs, 3))));
  }

  if (only.has('plant')) rows.push(...(await plantRows(runs)));

  if (only.has('history')) {
    log('companion server with years of history, and over a simulated week');
    rows.push(...(await historyRows({ weekMinutes, wasmTiers })));
  }

  if (only.has('control')) rows.push(...(await controlRows(options.control)));

  if (only.has('alerts')) {
    log('companion alerts: faults at a simulated noon, then a simulated week');
    rows.push(...(await alertRows()));
  }

  if (only.has('modbus')) rows.push(...(await modbusRows(options.modbusMinutes)));

  const machine =
    `${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `Node ${process.versions.node}${chromiumVersion ? `, Chromium ${chromiumVersion}` : ''}`;
  console.log(renderTable(rows, other?.label));
  console.log('');
  console.log(
    `Medians of the runs, p95 in brackets where runs vary; ratios are ours / ${other ? other.label : 'reference'}.`,
  );
  // The zero-export section describes its own house and day above its rows.
  if ([...only].some((section) => section !== 'control'))
    console.log(
      `Installation: 10 inverters with 6 strings (HMT-2250-6T) at noon in June, poll interval 1 s.`,
    );
  if (browser) console.log(`Virtual device: ${describeVirtualDevice()}.`);
  console.log(
    `Machine: ${machine}, load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end. Took ${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

try {
  await run();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(1);
}

// Issue 46's goal for several DTUs: the companion's CPU in front of three DTUs of ten
// inverters at most 1.5x its CPU in front of one. Both run at once, side by side (one
// companion before one virtual DTU, another before three), and are read over the same
// windows, so the machine's load, which other work changes from minute to minute, is the
// same for both. CPU time is the scheduler's count in nanoseconds (lib/proc-stat.ts), over
// windows of a minute: the periodic work (the device's clock and access rule every 30 s,
// the plant's inverter lists every 60 s, the recorder's writes every 5 s) falls into each
// window alike.
import { log } from '../lib/bundles';
import { startCompanionRun, type CompanionRun } from '../lib/companion-run';
import { fmt, type Row } from '../lib/table';
import { procStat } from '../lib/proc-stat';

export const PLANT_CPU = { warmupMs: 30_000, windowMs: 60_000 };

interface SetupFigures {
  cpuPercent: number[];
  /** CPU time per live frame passed on (µs): the cost of a device's frame, whatever their number. */
  usPerFrame: number[];
  framesPerSecond: number[];
  rssMb: number[];
}

export interface PlantFigures {
  one: SetupFigures;
  three: SetupFigures;
  /** Per window, three DTUs' CPU over one DTU's. */
  ratio: number[];
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

interface Reading {
  at: number;
  cpuMs: number;
  rssBytes: number;
  frames: number;
}

async function read(run: CompanionRun): Promise<Reading> {
  return { at: performance.now(), ...(await procStat(run.pid)), frames: run.frames() };
}

function add(figures: SetupFigures, before: Reading, after: Reading): number {
  const cpuMs = after.cpuMs - before.cpuMs;
  const frames = after.frames - before.frames;
  const percent = (cpuMs / (after.at - before.at)) * 100;
  figures.cpuPercent.push(percent);
  figures.usPerFrame.push((cpuMs * 1000) / frames);
  figures.framesPerSecond.push((frames / (after.at - before.at)) * 1000);
  figures.rssMb.push(after.rssBytes / 2 ** 20);
  return percent;
}

const empty = (): SetupFigures => ({ cpuPercent: [], usPerFrame: [], framesPerSecond: [], rssMb: [] });

/** One DTU and three, side by side, over `windows` windows of PLANT_CPU.windowMs. */
export async function measurePlant(windows: number): Promise<PlantFigures> {
  const one = await startCompanionRun(1);
  try {
    const three = await startCompanionRun(3);
    try {
      await wait(PLANT_CPU.warmupMs);
      const figures: PlantFigures = { one: empty(), three: empty(), ratio: [] };
      for (let window = 0; window < windows; window += 1) {
        const before = [await read(one), await read(three)] as const;
        await wait(PLANT_CPU.windowMs);
        const after = [await read(one), await read(three)] as const;
        const single = add(figures.one, before[0], after[0]);
        figures.ratio.push(add(figures.three, before[1], after[1]) / single);
        log(`  window ${window + 1} of ${windows}: ratio ${figures.ratio.at(-1)!.toFixed(2)}x`);
      }
      return figures;
    } finally {
      await three.stop();
    }
  } finally {
    await one.stop();
  }
}

const times = (value: number): string => `${value.toFixed(2)}x`;

export async function plantRows(windows: number): Promise<Row[]> {
  log(
    `companion server: 1 DTU and 3 DTUs of 10 inverters side by side, ${windows} windows of ${PLANT_CPU.windowMs / 1000} s`,
  );
  const { one, three, ratio } = await measurePlant(windows);
  const how = `${windows} windows of ${PLANT_CPU.windowMs / 1000} s after ${PLANT_CPU.warmupMs / 1000} s, both at once, recording, 1 browser socket per device`;
  const setups = [
    ['Companion, 1 DTU beside the plant', one],
    ['Companion, 3 DTUs × 10 inverters', three],
  ] as const;
  return [
    ...setups.map(([label, figures]): Row => ({
      name: `${label}: CPU (% of a core)`,
      ours: figures.cpuPercent,
      format: fmt.percent,
      note: how,
    })),
    {
      name: 'Companion: CPU each DTU adds (% of a core)',
      ours: one.cpuPercent.map((single, index) => (three.cpuPercent[index]! - single) / 2),
      format: fmt.percent,
      note: 'per window, half of 3 DTUs less 1 DTU',
    },
    {
      name: 'Companion: CPU no DTU adds (% of a core)',
      ours: one.cpuPercent.map((single, index) => single - (three.cpuPercent[index]! - single) / 2),
      format: fmt.percent,
      note: 'per window, 1 DTU less what a DTU adds: what three share (3 DTUs cost at most 1.5x one where it is three quarters of 1 DTU)',
    },
    {
      name: 'Companion, 3 DTUs / 1 DTU: CPU',
      ours: ratio,
      format: times,
      note: `per window; least ${times(Math.min(...ratio))}, most ${times(Math.max(...ratio))}; goal at most 1.50x`,
    },
    ...setups.flatMap(([label, figures]): Row[] => [
      { name: `${label}: CPU per live frame (µs)`, ours: figures.usPerFrame, format: fmt.count },
      {
        name: `${label}: live frames per second passed on`,
        ours: figures.framesPerSecond,
        format: fmt.perSecond,
      },
      { name: `${label}: memory (RSS) (MB)`, ours: figures.rssMb.map((mb) => mb * 2 ** 20), format: fmt.mb },
    ]),
  ];
}

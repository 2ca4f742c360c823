// The companion's memory as installed (issue 46: at most 60 MB): the built server with the
// node flags and environment of its first line in front of the virtual DTU's 10 inverters
// polled every second, one browser socket on /livedata (lib/companion-run.ts, as the
// companion section); after a warm-up, VmRSS read every 2 s and its median per run, with its
// parts (lib/proc-stat.ts): anonymous memory, file pages and the C heap.
import { startCompanionRun } from '../lib/companion-run';
import { memoryParts } from '../lib/proc-stat';
import { median } from '../lib/stats';
import { fmt, type Row } from '../lib/table';

export const MEMORY_WATCH = { warmupMs: 15_000, everyMs: 2000, samples: 20 };

type Parts = Awaited<ReturnType<typeof memoryParts>>;
/** Per part, each run's median (bytes). */
type MemoryFigures = { [part in keyof Parts]: number[] };

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** One run: the median of each part over the watch. */
async function once(): Promise<Parts> {
  const run = await startCompanionRun(1);
  try {
    await wait(MEMORY_WATCH.warmupMs);
    const samples: Parts[] = [];
    for (let index = 0; index < MEMORY_WATCH.samples; index += 1) {
      await wait(MEMORY_WATCH.everyMs);
      samples.push(await memoryParts(run.pid));
    }
    const of = (part: keyof Parts): number => median(samples.map((sample) => sample[part]));
    return { rss: of('rss'), anon: of('anon'), file: of('file'), cHeap: of('cHeap') };
  } finally {
    await run.stop();
  }
}

export async function measureMemory(runs: number): Promise<MemoryFigures> {
  const figures: MemoryFigures = { rss: [], anon: [], file: [], cHeap: [] };
  for (let run = 0; run < runs; run += 1) {
    const parts = await once();
    for (const part of Object.keys(figures) as (keyof Parts)[]) figures[part].push(parts[part]);
  }
  return figures;
}

export function memoryRows(figures: MemoryFigures): Row[] {
  const watch = `median of VmRSS every ${MEMORY_WATCH.everyMs / 1000} s over ${(MEMORY_WATCH.everyMs * MEMORY_WATCH.samples) / 1000} s after ${MEMORY_WATCH.warmupMs / 1000} s`;
  return [
    {
      name: 'Companion (as installed): memory (RSS) (MB)',
      ours: figures.rss,
      format: fmt.mb,
      note: `10 inverters polled every 1 s, 1 browser socket; ${watch}; goal 60`,
    },
    {
      name: 'Companion (as installed): of it anonymous (MB)',
      ours: figures.anon,
      format: fmt.mb,
      note: "V8's heap, the C heap, code V8 wrote, SQLite's memory",
    },
    {
      name: 'Companion (as installed): of the anonymous, the C heap (MB)',
      ours: figures.cHeap,
      format: fmt.mb,
    },
    {
      name: 'Companion (as installed): of it file pages (MB)',
      ours: figures.file,
      format: fmt.mb,
      note: 'the node executable and libraries, shared with every other node',
    },
  ];
}

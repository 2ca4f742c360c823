// The companion's memory as installed (issue 46: at most 60 MB): the built server with the
// node flags and environment of its first line, the virtual DTU's 10 inverters polled every
// second, one browser socket on /livedata; after a warm-up, VmRSS read every 2 s and its
// median per run, with its two parts: anonymous memory (V8's and the C heap, the code V8
// wrote, SQLite's WebAssembly memory) and file pages (the node executable and libraries,
// shared with every other node on the machine), and the C heap alone.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type WebSocket from 'ws';
import { NODE_FLAGS } from '../../apps/companion/build/server-build.mjs';
import { INSTALLATION } from '../lib/bundles';
import { buildCompanion, launchBuiltCompanion } from '../lib/companion-build';
import { setPollInterval } from '../lib/device';
import { startEmulator } from '../lib/emulator';
import { fmt, type Row } from '../lib/table';
import { median } from '../lib/stats';
import { openSocket } from '../lib/companion-run';

export const MEMORY_WATCH = { warmupMs: 15_000, everyMs: 2000, samples: 20 };

interface MemoryFigures {
  rssMb: number[];
  anonMb: number[];
  fileMb: number[];
  cHeapMb: number[];
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** VmRSS and its parts from /proc/<pid>/status, and the C heap's resident part from smaps, in MB. */
async function memoryOf(pid: number): Promise<{ rss: number; anon: number; file: number; cHeap: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const heap = smaps.indexOf('[heap]');
  const cHeap = heap < 0 ? 0 : Number(/^Rss:\s+(\d+) kB/m.exec(smaps.slice(heap))?.[1]);
  return {
    rss: kb('VmRSS') / 1024,
    anon: kb('RssAnon') / 1024,
    file: kb('RssFile') / 1024,
    cHeap: cHeap / 1024,
  };
}

/** One run: the median of each figure over the watch. */
async function once(server: string): Promise<{ rss: number; anon: number; file: number; cHeap: number }> {
  const emulator = await startEmulator({ ...INSTALLATION });
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-bench-memory-'));
  let socket: WebSocket | undefined;
  const companion = await launchBuiltCompanion(
    server,
    NODE_FLAGS,
    ['--device', emulator.url, '--data', dataDir],
    90_000,
  ).catch(async (error: unknown) => {
    await emulator.stop();
    throw error;
  });
  try {
    await setPollInterval(emulator.url, 1);
    socket = await openSocket(`${companion.url.replace(/^http/, 'ws')}/livedata`, () => undefined);
    await wait(MEMORY_WATCH.warmupMs);
    const samples: Awaited<ReturnType<typeof memoryOf>>[] = [];
    for (let index = 0; index < MEMORY_WATCH.samples; index += 1) {
      await wait(MEMORY_WATCH.everyMs);
      samples.push(await memoryOf(companion.child.pid!));
    }
    const of = (key: keyof (typeof samples)[number]): number => median(samples.map((sample) => sample[key]));
    return { rss: of('rss'), anon: of('anon'), file: of('file'), cHeap: of('cHeap') };
  } finally {
    socket?.terminate();
    await companion.stop();
    await emulator.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureMemory(runs: number): Promise<MemoryFigures> {
  const server = await buildCompanion();
  const figures: MemoryFigures = { rssMb: [], anonMb: [], fileMb: [], cHeapMb: [] };
  for (let run = 0; run < runs; run += 1) {
    const { rss, anon, file, cHeap } = await once(server);
    figures.rssMb.push(rss);
    figures.anonMb.push(anon);
    figures.fileMb.push(file);
    figures.cHeapMb.push(cHeap);
  }
  return figures;
}

export function memoryRows(figures: MemoryFigures): Row[] {
  const mb = (values: number[]): number[] => values.map((value) => value * 2 ** 20);
  const watch = `median of VmRSS every ${MEMORY_WATCH.everyMs / 1000} s over ${(MEMORY_WATCH.everyMs * MEMORY_WATCH.samples) / 1000} s after ${MEMORY_WATCH.warmupMs / 1000} s`;
  return [
    {
      name: 'Companion (as installed): memory (RSS) (MB)',
      ours: mb(figures.rssMb),
      format: fmt.mb,
      note: `10 inverters polled every 1 s, 1 browser socket; ${watch}; goal 60`,
    },
    {
      name: 'Companion (as installed): of it anonymous (MB)',
      ours: mb(figures.anonMb),
      format: fmt.mb,
      note: "V8's heap, the C heap, code V8 wrote, SQLite's memory",
    },
    {
      name: 'Companion (as installed): of the anonymous, the C heap (MB)',
      ours: mb(figures.cHeapMb),
      format: fmt.mb,
    },
    {
      name: 'Companion (as installed): of it file pages (MB)',
      ours: mb(figures.fileMb),
      format: fmt.mb,
      note: 'the node executable and libraries, shared with every other node',
    },
  ];
}

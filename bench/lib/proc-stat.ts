// A process's CPU time and resident memory, read from /proc as the process runs.
import { readdir, readFile } from 'node:fs/promises';

/**
 * CPU time the process has used so far (ms): the sum over its threads of the scheduler's
 * own count (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds on the CPU). utime and stime of
 * `/proc/<pid>/stat` come in clock ticks of 10 ms: a process at 0.2 % of a core gains 4 of
 * them in 20 s, too few to tell one figure from another. A thread that ended between two
 * readings takes its time with it; Node's threads (V8's helper, libuv's pool) live as long
 * as the process.
 */
export async function cpuMs(pid: number): Promise<number> {
  let nanos = 0;
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    try {
      nanos += Number((await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')).split(' ')[0]);
    } catch {
      // The thread ended while the list was read.
    }
  }
  return nanos / 1e6;
}

/** Resident memory (VmRSS) in bytes. */
export async function rssBytes(pid: number): Promise<number> {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/**
 * Resident memory and its parts, in bytes: VmRSS; of it anonymous memory (RssAnon: V8's heap,
 * the C heap, code V8 wrote, SQLite's WebAssembly memory) and file pages (RssFile: the
 * executable and libraries, shared with every other process that maps them); and the C
 * heap's resident part alone (the `[heap]` mapping of /proc/<pid>/smaps).
 */
export async function memoryParts(
  pid: number,
): Promise<{ rss: number; anon: number; file: number; cHeap: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const heap = smaps.indexOf('[heap]');
  const cHeap = heap < 0 ? 0 : Number(/^Rss:\s+(\d+) kB/m.exec(smaps.slice(heap))?.[1]);
  return {
    rss: kb('VmRSS') * 1024,
    anon: kb('RssAnon') * 1024,
    file: kb('RssFile') * 1024,
    cHeap: cHeap * 1024,
  };
}

/** Both at once. */
export async function procStat(pid: number): Promise<{ cpuMs: number; rssBytes: number }> {
  return { cpuMs: await cpuMs(pid), rssBytes: await rssBytes(pid) };
}

// Starts the real emulator as its own process on a free port, as the e2e tests do, and
// keeps its pid so its memory can be read from /proc.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchEmulator } from '../../apps/emulator/src/launch';

export interface EmulatorOptions {
  /** Bundle folder to serve (default: ours, apps/web/dist). */
  webapp?: string;
  inverters?: number;
  speed?: number;
  pushIntervalMs?: number;
  /** Device-local start time, e.g. 2026-06-21T12:00. */
  time?: string;
}

export interface Emulator {
  url: string;
  pid: number;
  /** Resident memory of the emulator process in bytes (VmRSS). */
  rss: () => Promise<number>;
  stop: () => Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-bench-'));
  const args: string[] = [];
  if (options.webapp) args.push('--webapp', options.webapp);
  if (options.inverters) args.push('--inverters', String(options.inverters));
  if (options.speed) args.push('--speed', String(options.speed));
  if (options.pushIntervalMs) args.push('--push-interval', String(options.pushIntervalMs));
  if (options.time) args.push('--time', options.time);
  // The HTTP load runs 50 connections at once; the device (and the emulator's default) serves 16.
  args.push('--max-connections', '64');
  // A shared machine under load can take long to start a process; the bench must not
  // lose minutes of figures to that.
  const emulator = await launchEmulator({ dataDir, args, startTimeoutMs: 90_000 });
  const { url } = emulator;
  const pid = emulator.child.pid ?? 0;
  return {
    url,
    pid,
    rss: async () => {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      return Number(kb) * 1024;
    },
    stop: async () => {
      await emulator.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

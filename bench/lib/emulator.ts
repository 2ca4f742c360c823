// Starts the real emulator as its own process on a free port, as the e2e tests do, and
// keeps its pid so its memory can be read from /proc.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../apps/emulator/src/server.ts', import.meta.url));

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
  const args = ['--import', 'tsx', SERVER, '--port', '0', '--data', dataDir];
  if (options.webapp) args.push('--webapp', options.webapp);
  if (options.inverters) args.push('--inverters', String(options.inverters));
  if (options.speed) args.push('--speed', String(options.speed));
  if (options.pushIntervalMs) args.push('--push-interval', String(options.pushIntervalMs));
  if (options.time) args.push('--time', options.time);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code}:\n${output}`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rss: async () => {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      return Number(kb) * 1024;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

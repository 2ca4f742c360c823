import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../apps/emulator/src/server.ts', import.meta.url));

export interface RunningEmulator {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the real emulator on a free port with a fresh data folder. */
export async function startEmulator(args: string[] = []): Promise<RunningEmulator> {
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', SERVER, '--port', '0', '--data', dataDir, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    output: () => output,
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

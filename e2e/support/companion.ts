import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../apps/companion/bin/opendtu-companion.mjs', import.meta.url));

export interface RunningCompanion {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The companion server as its own process (its executable) on a free port, in front of a
 * device, with a fresh data folder. `speed`: the device's --speed, for the recorder's clock.
 */
export async function startCompanion(deviceUrl: string, speed?: string): Promise<RunningCompanion> {
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-companion-'));
  const args = ['--device', deviceUrl, '--port', '0', '--host', '127.0.0.1', '--data', dataDir];
  if (speed) args.push('--speed', speed);
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`companion did not start:\n${output}`)), 30_000);
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
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`companion ended (${code ?? signal}):\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

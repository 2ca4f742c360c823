/**
 * The demo's device: the virtual DTU started as its own process through the emulator
 * package's published executable (not its source modules: the apps never import each
 * other), on loopback and a free port, stopped with this server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';

const START_TIMEOUT_MS = 60_000;

/** The emulator's executable, as its package.json names it. */
function emulatorBin(): string {
  const manifest = createRequire(import.meta.url).resolve('@opendtu/emulator/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return resolve(dirname(manifest), bin['opendtu-emulator']!);
}

export interface DemoDevice {
  url: URL;
  child: ChildProcess;
  stop: () => Promise<void>;
}

export async function startDemoDevice(dataDir: string, args: string[]): Promise<DemoDevice> {
  const child = spawn(
    process.execPath,
    [emulatorBin(), '--port', '0', '--host', '127.0.0.1', '--data', dataDir, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<URL>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the virtual DTU did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      done(new URL(`${match[1]}/`));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`the virtual DTU ended (${code ?? signal}):\n${output.trim()}`));
    });
  });
  // Its own restarts ("Restarting...", "Device is back.") stay quiet; errors are shown.
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`virtual DTU: ${chunk.toString()}`));
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

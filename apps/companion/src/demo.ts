/**
 * The demo's device: the virtual DTU started as its own process through the emulator
 * package's published executable (not its source modules: the apps never import each
 * other), on loopback and a free port, stopped with this server.
 */
import { launchProcess, type LaunchedProcess } from '@opendtu/server-kit/launch-process';
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

export interface DemoDevice extends Omit<LaunchedProcess, 'url'> {
  url: URL;
}

export async function startDemoDevice(dataDir: string, args: string[]): Promise<DemoDevice> {
  const device = await launchProcess({
    name: 'the virtual DTU',
    args: [emulatorBin(), '--port', '0', '--host', '127.0.0.1', '--data', dataDir, ...args],
    startTimeoutMs: START_TIMEOUT_MS,
    // It runs as long as the demo does: keep no more than a start failure needs.
    keepOutputChars: 64 * 1024,
  });
  // Its own restarts ("Restarting...", "Device is back.") stay quiet; errors are shown.
  device.child.stderr!.on('data', (chunk: Buffer) =>
    process.stderr.write(`virtual DTU: ${chunk.toString()}`),
  );
  return { ...device, url: new URL(`${device.url}/`) };
}

/**
 * The grid meter of the demo's house (`--household --meter-port`), once the virtual DTU
 * names it: its line follows the device's own. Undefined when none is named in time.
 */
export async function demoMeterUrl(device: DemoDevice, waitMs = 5000): Promise<string | undefined> {
  const named = (): string | undefined => /meter listening on (\S+)/.exec(device.output())?.[1];
  for (let waited = 0; !named() && waited < waitMs; waited += 100)
    await new Promise((done) => setTimeout(done, 100));
  return named();
}

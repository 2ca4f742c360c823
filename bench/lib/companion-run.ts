// The companion as installed (companion-build.ts) in front of virtual DTUs of 10 inverters
// each, every one polled once a second, with a browser socket on each device's live data:
// what the companion and plant sections measure. One device is served at the root, several
// each under /dtu/NAME/ (issue 33).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { LaunchedProcess } from '@opendtu/server-kit/launch-process';
import { NODE_FLAGS } from '../../apps/companion/build/server-build.mjs';
import { INSTALLATION } from './bundles';
import { buildCompanion, launchBuiltCompanion } from './companion-build';
import { setPollInterval } from './device';
import { startEmulator, type Emulator } from './emulator';

export interface CompanionRun {
  /** The companion's process id. */
  pid: number;
  /** Live frames the browsers received so far, over all devices. */
  frames(): number;
  stop(): Promise<void>;
}

/**
 * A browser's socket on `url`, opened again every 500 ms while the companion answers 503 (it
 * listens before its own socket to the device is up; the built server gets there sooner).
 */
export function openSocket(url: string, onFrame: () => void): Promise<WebSocket> {
  return new Promise((opened) => {
    const socket = new WebSocket(url);
    socket.on('message', onFrame);
    socket.on('open', () => opened(socket));
    socket.on('error', () => setTimeout(() => void openSocket(url, onFrame).then(opened), 500));
  });
}

/** The server is built once for every run of a bench (a build meanwhile would rewrite a running one's files). */
let built: Promise<string> | undefined;

/** Starts `devices` virtual DTUs and the built companion in front of them, each device watched. */
export async function startCompanionRun(devices: number): Promise<CompanionRun> {
  const emulators: Emulator[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-bench-companion-'));
  let companion: LaunchedProcess | undefined;
  const sockets: WebSocket[] = [];
  const stop = async (): Promise<void> => {
    for (const socket of sockets) socket.terminate();
    await companion?.stop();
    for (const emulator of emulators) await emulator.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < devices; index += 1) {
      const emulator = await startEmulator({ ...INSTALLATION });
      emulators.push(emulator);
      await setPollInterval(emulator.url, 1);
    }
    const names = emulators.map((_, index) => `dtu${index + 1}`);
    const deviceArgs =
      devices === 1
        ? ['--device', emulators[0]!.url]
        : emulators.flatMap((emulator, index) => ['--device', `${names[index]}=${emulator.url}`]);
    // As for the emulator (lib/emulator.ts): a busy machine may take long to start a process.
    companion = await launchBuiltCompanion(
      await (built ??= buildCompanion()),
      NODE_FLAGS,
      [...deviceArgs, '--data', dataDir],
      90_000,
    );
    const socketBase = companion.url.replace(/^http/, 'ws');
    let frames = 0;
    for (const path of devices === 1 ? ['/livedata'] : names.map((name) => `/dtu/${name}/livedata`)) {
      sockets.push(await openSocket(`${socketBase}${path}`, () => (frames += 1)));
    }
    return { pid: companion.child.pid!, frames: () => frames, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchEmulator } from '../../apps/emulator/src/launch';
import { startCompanion } from './companion';

export interface RunningEmulator {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Sends the process a signal: SIGKILL is a power cut, SIGSTOP a device that hangs. */
  signal: (signal: NodeJS.Signals) => Promise<void>;
  /** Starts the device again on the same port with the same data (powered back on). */
  revive: () => Promise<void>;
}

/** Starts the real emulator on a free port with a fresh data folder. */
export async function startEmulator(args: string[] = []): Promise<RunningEmulator> {
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-'));
  let emulator = await launchEmulator({ dataDir, args, startTimeoutMs: 20_000 });
  const { url } = emulator;
  return {
    url,
    dataDir,
    output: () => emulator.output(),
    stop: async () => {
      await emulator.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    signal: async (signal) => {
      const { child } = emulator;
      const exited = signal === 'SIGKILL' && new Promise((done) => child.once('exit', done));
      child.kill(signal);
      await exited;
    },
    revive: async () => {
      emulator = await launchEmulator({
        dataDir,
        args: [...args, '--port', new URL(url).port],
        startTimeoutMs: 20_000,
      });
    },
  };
}

/** Where the browser is pointed: the device itself, or the companion server in front of it. */
export type Through = 'device' | 'companion';

/**
 * The emulator, and with `through: 'companion'` the companion server in front of it (each
 * its own process): `url` is then the companion's, so every journey passes through it.
 */
export async function startDevice(args: string[], through: Through): Promise<RunningEmulator> {
  const emulator = await startEmulator(args);
  if (through === 'device') return emulator;
  const speed = args[args.indexOf('--speed') + 1];
  const companion = await startCompanion(emulator.url, args.includes('--speed') ? speed : undefined);
  return {
    ...emulator,
    url: companion.url,
    stop: async () => {
      await companion.stop();
      await emulator.stop();
    },
  };
}

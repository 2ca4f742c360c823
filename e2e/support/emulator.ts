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

/**
 * Waits until the device's clock is set: like a real one, the emulator has NTP a moment
 * after boot, and a page opened before then (on an idle machine) sees a device without
 * time, which is not what the journeys are about. A device that refuses to say goes on.
 */
async function clockSet(url: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (Date.now() < end) {
    const answer = await fetch(new URL('api/ntp/status', url)).catch(() => undefined);
    if (answer && answer.status !== 200) return;
    if (answer && ((await answer.json()) as { ntp_status?: boolean }).ntp_status) return;
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Starts the real emulator on a free port with a fresh data folder, once its clock is set. */
export async function startEmulator(args: string[] = []): Promise<RunningEmulator> {
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-'));
  let emulator = await launchEmulator({ dataDir, args, startTimeoutMs: 20_000 });
  await clockSet(emulator.url);
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
      // SIGSTOP leaves the process there (hung): only a signal that ends it is waited for.
      if (signal === 'SIGKILL') await emulator.stop(signal);
      else emulator.child.kill(signal);
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

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDeviceClock } from '../../apps/companion/test/device-clock';
import { withFixedSky } from '../../apps/companion/test/fixed-sky';
import { launchEmulator } from '../../apps/emulator/src/launch';
import { startCompanion } from './companion';

/** A start takes a second or two, and far longer on a loaded machine (over 20 s was seen). */
const START_TIMEOUT_MS = 60_000;

/** A start time for a device whose hour does not matter: a June noon, its inverters producing. */
export const JUNE_NOON = '2026-06-21T12:00';

export interface RunningEmulator {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Sends the process a signal: SIGKILL is a power cut, SIGSTOP a device that hangs. */
  signal: (signal: NodeJS.Signals) => Promise<void>;
  /**
   * Starts the device again on the same port with the same data (powered back on), its
   * clock going on as NTP would set it: from the reading taken at its start, plus the real
   * time since, times its speed.
   */
  revive: () => Promise<void>;
}

/**
 * Starts the real emulator on a free port with a fresh data folder, once its clock is set:
 * like a real one, the emulator has NTP a moment after boot, and a page opened before then
 * (on an idle machine) sees a device without time, which is not what the journeys are
 * about. `args` must hold its start time (`--time`): a journey never runs a device on this
 * machine's clock.
 */
export async function startEmulator(args: string[]): Promise<RunningEmulator> {
  const timeAt = args.indexOf('--time');
  if (timeAt < 0)
    throw new Error(`startEmulator: give the device its start time (--time), not only ${args.join(' ')}`);
  const speedAt = args.indexOf('--speed');
  const speed = speedAt < 0 ? 1 : Number(args[speedAt + 1]);
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-'));
  const fixedSky = withFixedSky(args);
  let emulator = await launchEmulator({ dataDir, args: fixedSky, startTimeoutMs: START_TIMEOUT_MS });
  const sent = Date.now();
  // The text counts whole seconds: the middle of the second, at the middle of the request.
  const anchor = await readDeviceClock(emulator.url, 20_000).then(
    (reading) => ({ device: reading.time + 500, real: (sent + Date.now()) / 2 }),
    () => undefined,
  );
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
      if (!anchor) throw new Error('revive: the device did not tell its time at its start');
      const resume = new Date(anchor.device + (Date.now() - anchor.real) * speed).toISOString();
      const again = [...fixedSky];
      again[timeAt + 1] = resume;
      emulator = await launchEmulator({
        dataDir,
        args: [...again, '--port', new URL(url).port],
        startTimeoutMs: START_TIMEOUT_MS,
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

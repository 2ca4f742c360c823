import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchEmulator } from '../../apps/emulator/src/launch';

export interface RunningEmulator {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the real emulator on a free port with a fresh data folder. */
export async function startEmulator(args: string[] = []): Promise<RunningEmulator> {
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-e2e-'));
  const emulator = await launchEmulator({ dataDir, args, startTimeoutMs: 20_000 });
  return {
    url: emulator.url,
    dataDir,
    output: emulator.output,
    stop: async () => {
      await emulator.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

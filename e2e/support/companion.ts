import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchCompanion } from '../../apps/companion/src/launch';

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
  const args = ['--device', deviceUrl, '--data', dataDir];
  if (speed) args.push('--speed', speed);
  const companion = await launchCompanion({ args }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: companion.url,
    output: companion.output,
    stop: async () => {
      await companion.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

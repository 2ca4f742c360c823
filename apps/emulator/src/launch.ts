// Starts the emulator as its own process on a free port, as a user would: the command-line
// tests, the e2e journeys and the benchmarks all start it this way.
import { launchProcess, type LaunchedProcess } from '@opendtu/server-kit/launch-process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

export interface LaunchOptions {
  /** The device's file system; the caller owns (and removes) it. */
  dataDir: string;
  /** Further command-line options (`--webapp`, `--time`, ...). */
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** How long the start may take before it counts as failed. */
  startTimeoutMs?: number;
}

export type LaunchedEmulator = LaunchedProcess;

export function launchEmulator({
  dataDir,
  args = [],
  env,
  startTimeoutMs,
}: LaunchOptions): Promise<LaunchedEmulator> {
  return launchProcess({
    name: 'emulator',
    args: ['--import', 'tsx', SERVER, '--port', '0', '--data', dataDir, ...args],
    env,
    startTimeoutMs,
  });
}

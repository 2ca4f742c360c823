// Starts the companion server as its own process through its executable, on loopback and a
// free port, as a user would: the command-line and reliability tests, the e2e journeys and
// the benchmarks all start it this way, so how it is started is said here once.
import { launchProcess, type LaunchedProcess } from '@opendtu/server-kit/launch-process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/opendtu-companion.mjs', import.meta.url));

export interface LaunchCompanionOptions {
  /** Its command-line options (`--device`, `--data`, `--webapp`, ...). */
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
}

export type LaunchedCompanion = LaunchedProcess;

export function launchCompanion({
  args,
  env,
  startTimeoutMs,
}: LaunchCompanionOptions): Promise<LaunchedCompanion> {
  return launchProcess({
    name: 'companion',
    args: [BIN, '--port', '0', '--host', '127.0.0.1', ...args],
    env,
    startTimeoutMs,
  });
}

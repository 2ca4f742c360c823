// Starts the emulator as its own process on a free port, as a user would: the command-line
// tests, the e2e journeys and the benchmarks all start it this way.
import { spawn, type ChildProcess } from 'node:child_process';
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

export interface LaunchedEmulator {
  /** Base URL, e.g. http://127.0.0.1:39211. */
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output: () => string;
  /** Ends the process with SIGTERM (a graceful shutdown) and waits until it has exited. */
  stop: () => Promise<void>;
}

export async function launchEmulator({
  dataDir,
  args = [],
  env,
  startTimeoutMs = 30_000,
}: LaunchOptions): Promise<LaunchedEmulator> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', SERVER, '--port', '0', '--data', dataDir, ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env ?? process.env,
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A start that took too long must not live on unseen (on a busy machine they piled up).
      child.kill('SIGKILL');
      reject(new Error(`emulator did not start:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`emulator ended (${code ?? signal}):\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// Starts a server as its own process and waits until it says where it listens: the
// emulator, the companion and the companion's demo device are all started this way by the
// tests, the e2e journeys, the benchmarks and the demo mode. Each server prints one line
// `... listening on http://host:port` once its port is open; that line is the contract.
import { spawn, type ChildProcess } from 'node:child_process';

const LISTENING = /listening on (http:\/\/\S+)/;

export interface LaunchProcessOptions {
  /** What is started and for whom errors speak ("emulator", "companion"). */
  name: string;
  /** The executable; defaults to this Node.js. */
  command?: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** How long the start may take before the process is killed and the start fails. */
  startTimeoutMs?: number;
  /**
   * How much of what the process prints is kept (the latest characters): enough for a
   * test's or an error's story, bounded for a process that runs for months (the demo).
   */
  keepOutputChars?: number;
}

export interface LaunchedProcess {
  /** Base URL from the process's own line, e.g. http://127.0.0.1:39211. */
  url: string;
  child: ChildProcess;
  /** What the process printed on stdout and stderr so far (the latest `keepOutputChars`). */
  output: () => string;
  /**
   * Sends `signal` (SIGTERM: a graceful shutdown; SIGKILL: a power cut) and waits until the
   * process has exited. Nothing happens to a process that has already ended.
   */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

const ended = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

export async function launchProcess({
  name,
  command = process.execPath,
  args,
  env = process.env,
  cwd,
  startTimeoutMs = 30_000,
  keepOutputChars = 1_000_000,
}: LaunchProcessOptions): Promise<LaunchedProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env, cwd });
  let output = '';
  // Both pipes are read for the process's whole life: a full pipe would block its writes.
  const collect = (chunk: Buffer): void => {
    output += chunk.toString();
    if (output.length > keepOutputChars) output = output.slice(-keepOutputChars);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  // A signal that cannot be delivered is an 'error' event; unheard, it would end this process.
  child.on('error', (error) => collect(Buffer.from(`\n${error.message}\n`)));
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (why: string): void => {
      clearTimeout(timer);
      unwatch();
      reject(new Error(`${name} ${why}:\n${output.trim()}`));
    };
    const timer = setTimeout(() => {
      // A start that took too long must not live on unseen (on a busy machine they piled up).
      child.kill('SIGKILL');
      fail(`did not start within ${startTimeoutMs} ms`);
    }, startTimeoutMs);
    const watch = (): void => {
      const match = LISTENING.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      unwatch();
      resolve(match[1]);
    };
    // 'close', not 'exit': by then the pipes are drained, so the error tells all it printed.
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(`ended (${code ?? signal})`);
    const onError = (): void => fail('could not be started');
    const unwatch = (): void => {
      child.stdout!.off('data', watch);
      child.stderr!.off('data', watch);
      child.off('close', onExit);
      child.off('error', onError);
    };
    child.stdout!.on('data', watch);
    child.stderr!.on('data', watch);
    child.once('close', onExit);
    child.once('error', onError);
  });
  return {
    url,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (ended(child)) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill(signal);
      await exited;
    },
  };
}

// The parts the companion's tests start for real: the virtual DTU as its own process (the
// emulator's executable, as the demo starts it), the companion built in the test process
// or started as its own process, and WebSocket clients.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type ServerOptions } from '../src/app';
import { startDemoDevice } from '../src/demo';
import type { DeviceOptions } from '../src/device-scope';
import { launchCompanion as launchCompanionProcess, type LaunchedCompanion } from '../src/launch';
import type { ModbusOptions } from '../src/modbus/options';
import { dayIn, readDeviceClock } from './device-clock';
import { withFixedSky } from './fixed-sky';

export { dayIn, deviceDay, devicePassed, deviceTime, readDeviceClock } from './device-clock';

export const ADMIN_AUTH = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
export const FIXTURE_WEBAPP = fileURLToPath(new URL('../../emulator/test/fixtures/webapp', import.meta.url));
/** A start time for a device whose hour does not matter: a June noon, its inverters producing. */
export const JUNE_NOON = '2026-06-21T12:00';

export const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Waits until `condition` holds (it may be async), failing after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await wait(50);
  }
}

/**
 * Waits until the companion at `companion` has recorded a sample stamped at or after
 * `deviceMs` (the device's time): a positive sign that it has taken the device's frames up
 * to then, and that its own once-a-second work (alerts, control) has run that late.
 */
export async function recordedUntil(companion: string, deviceMs: number, timeoutMs = 30_000): Promise<void> {
  const { timezone } = await readDeviceClock(companion);
  const day = dayIn(timezone, deviceMs);
  await until(
    async () => {
      const answer = await call(`${companion}/companion/api/power?date=${day}`, { auth: ADMIN_AUTH });
      const { inverters } = answer.body as { inverters: { points: (number | null)[][] }[] };
      return inverters.some(({ points }) =>
        points.some(([t, ...values]) => t! >= deviceMs && values.some((value) => value !== null)),
      );
    },
    timeoutMs,
    `a sample recorded at ${new Date(deviceMs).toISOString()} on the device's clock`,
  );
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/**
 * Stands on the port of a device that is away: every connection is counted by the request
 * it starts with (`GET /livedata`) and cut at once, so a client still finds the device
 * away. The count is a positive sign that the client tried again, which a closed port
 * cannot give.
 */
export async function countAttempts(
  port: number,
): Promise<{ count: (request: string) => number; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((socket) => {
    socket.once('data', (chunk) => {
      requests.push(chunk.toString().split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    count: (request) => requests.filter((line) => line.startsWith(request)).length,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

export async function tempDir(name: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `opendtu-companion-${name}-`));
}

/**
 * A folder of its own, fresh for each test of the suite (`each`) or one for the whole suite
 * (`all`), removed after it: `dir()` is its path.
 */
export function freshDir(name: string, scope: 'each' | 'all' = 'each'): () => string {
  let dir = '';
  (scope === 'each' ? beforeEach : beforeAll)(async () => {
    dir = await tempDir(name);
  });
  (scope === 'each' ? afterEach : afterAll)(() => rm(dir, { recursive: true, force: true }));
  return () => dir;
}

export interface TestDevice {
  url: URL;
  dataDir: string;
  /**
   * Ends the process (SIGTERM, or SIGKILL: a device that drops off the network). Its clock is
   * read first, so that a restart goes on from where it stood.
   */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /**
   * Starts it again on the same port and data, its clock going on from where it stood at the
   * stop (as NTP sets a real DTU's after a power cut): the `--time` of the restart is that
   * reading plus the real time since, times its speed. The new process takes a moment to
   * start its clock, so it may run that moment (times its speed) behind.
   */
  restart: () => Promise<void>;
  remove: () => Promise<void>;
}

/**
 * The virtual DTU as its own process on a fixed free port, with a fresh data folder. `time`
 * starts its clock (`--time`: '2026-06-21T12:00' is noon on the device, in its zone): a test
 * sets the time of what it starts and never runs a device on this machine's clock.
 */
export async function startDevice(time: string, args: string[] = []): Promise<TestDevice> {
  if (args.includes('--time'))
    throw new Error('startDevice: the start time is its first argument, not --time');
  const dataDir = await tempDir('device');
  const port = await freePort();
  const speedAt = args.indexOf('--speed');
  const speed = speedAt < 0 ? 1 : Number(args[speedAt + 1]);
  const start = (at: string) =>
    startDemoDevice(dataDir, [
      '--webapp',
      FIXTURE_WEBAPP,
      '--time',
      at,
      ...withFixedSky(args),
      '--port',
      String(port),
    ]);
  let device = await start(time);
  let clockAtStop: { device: number; real: number } | undefined;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    const running = device.child.exitCode === null && device.child.signalCode === null;
    if (running) {
      const sent = Date.now();
      const reading = await readDeviceClock(device.url, 5000).catch(() => undefined);
      // The text counts whole seconds: the middle of the second, at the middle of the request.
      if (reading) clockAtStop = { device: reading.time + 500, real: (sent + Date.now()) / 2 };
    }
    await device.stop(signal);
  };
  return {
    url: device.url,
    dataDir,
    stop,
    restart: async () => {
      if (!clockAtStop) throw new Error('restart: the device did not tell its time at its stop');
      const resume = clockAtStop.device + (Date.now() - clockAtStop.real) * speed;
      device = await start(new Date(resume).toISOString());
    },
    remove: async () => {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestCompanion {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  ws: string;
  dataDir: string;
  lines: string[];
  close: () => Promise<void>;
}

/** The companion built in this process, listening on a free port, in front of `device`. */
export async function startCompanion(
  deviceUrl: URL,
  options: Partial<DeviceOptions & ServerOptions> & { modbus?: ModbusOptions } = {},
): Promise<TestCompanion> {
  const dataDir = options.dataDir ?? (await tempDir('data'));
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const { webappDir = FIXTURE_WEBAPP, logger, timeouts, modbus, ...device } = options;
  const app = await buildApp({
    webappDir,
    logger,
    timeouts,
    log,
    modbus: modbus && { options: modbus, dataDir },
    devices: [{ deviceUrl, dataDir, log, ...device }],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    ws: `ws://127.0.0.1:${address.port}`,
    dataDir,
    lines,
    close: async () => {
      await app.close();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type CompanionProcess = LaunchedCompanion;

/** The companion as its own process (its executable) serving the fixture bundle, once it listens. */
export function launchCompanion(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CompanionProcess> {
  return launchCompanionProcess({ args: ['--webapp', FIXTURE_WEBAPP, ...args], env });
}

/** A WebSocket client and every text frame it received. */
export interface SocketClient {
  socket: WebSocket;
  frames: string[];
  closed: Promise<number>;
}

/** Opens a socket; rejects with the HTTP status (and any challenge) of a refused upgrade. */
export function openSocket(url: string, headers: Record<string, string> = {}): Promise<SocketClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const frames: string[] = [];
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    socket.on('message', (data) => frames.push(data.toString()));
    socket.once('open', () => resolve({ socket, frames, closed }));
    socket.once('unexpected-response', (_request, response) => {
      const challenge = response.headers['www-authenticate'];
      reject(new Error(`HTTP ${response.statusCode}${challenge ? ` ${challenge}` : ''}`));
    });
    socket.once('error', reject);
  });
}

/** GET or POST through fetch with the app's headers; answers status and parsed body. */
export async function call(
  url: string,
  init: RequestInit & { auth?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers; text: string }> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(XHR)) if (!headers.has(name)) headers.set(name, value);
  if (init.auth) headers.set('Authorization', init.auth);
  const response = await fetch(url, { ...init, headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, headers: response.headers, text };
}

/** POSTs `data` as the web app does (form field `data`). */
export function postData(
  url: string,
  data: unknown,
  auth = ADMIN_AUTH,
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  return call(url, { method: 'POST', body, auth, headers });
}

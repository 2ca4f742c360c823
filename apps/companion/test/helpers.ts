// The parts the companion's tests start for real: the virtual DTU as its own process (the
// emulator's executable, as the demo starts it), the companion built in the test process
// or started as its own process, and WebSocket clients.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp, type ServerOptions } from '../src/app';
import { startDemoDevice } from '../src/demo';
import type { DeviceOptions } from '../src/device-scope';
import { launchCompanion as launchCompanionProcess, type LaunchedCompanion } from '../src/launch';
import type { ModbusOptions } from '../src/modbus/options';

export const ADMIN_AUTH = `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`;
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
export const FIXTURE_WEBAPP = fileURLToPath(new URL('../../emulator/test/fixtures/webapp', import.meta.url));

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

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

export async function tempDir(name: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `opendtu-companion-${name}-`));
}

export interface TestDevice {
  url: URL;
  dataDir: string;
  /** Ends the process (SIGTERM, or SIGKILL: a device that drops off the network). */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /** Starts it again on the same port and data. */
  restart: () => Promise<void>;
  remove: () => Promise<void>;
}

/** The virtual DTU as its own process on a fixed free port, with a fresh data folder. */
export async function startDevice(args: string[] = []): Promise<TestDevice> {
  const dataDir = await tempDir('device');
  const port = await freePort();
  const start = () => startDemoDevice(dataDir, ['--webapp', FIXTURE_WEBAPP, ...args, '--port', String(port)]);
  let device = await start();
  const stop = (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => device.stop(signal);
  return {
    url: device.url,
    dataDir,
    stop,
    restart: async () => {
      device = await start();
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

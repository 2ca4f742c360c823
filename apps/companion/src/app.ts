/**
 * The companion server as a Fastify instance (what server.ts listens with and tests
 * build): the guards, the live sockets' plugin, the device mounted (device-scope.ts: /api
 * forwarded, the live sockets, the recorder and the history API, alerts, zero export) and
 * the web app. Background work starts when the instance is ready and stops when it closes.
 */
import { readFileSync } from 'node:fs';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { loadWebapp, registerWebapp } from '@opendtu/server-kit/static-files';
import { DEFAULT_DEVICE_NAME } from './config/devices';
import { mountDevice, type DeviceOptions } from './device-scope';
import { setUpModbus, type ModbusFeature } from './modbus/modbus';
import type { ModbusOptions } from './modbus/options';
import { registerModbusRoutes } from './modbus/routes';
import { BODY_LIMIT, registerGuards } from './proxy/guards';

export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Timeouts against slow or endless requests (a firmware upload through us takes minutes). */
export const TIMEOUTS = {
  /** The request line and headers must arrive within this. */
  headersMs: 15_000,
  /** A connection on which nothing moves is closed after this. */
  idleMs: 120_000,
  /** A whole request, body included, must arrive within this. */
  requestMs: 600_000,
};

/** The server around the devices: its timeouts and request log. */
export interface ServerOptions {
  webappDir: string;
  logger?: FastifyServerOptions['logger'];
  /** Shorter timeouts for tests. */
  timeouts?: Partial<typeof TIMEOUTS>;
}

export interface CompanionAppOptions extends ServerOptions, DeviceOptions {
  /** The SunSpec Modbus server (--modbus); undefined: off. */
  modbus?: ModbusOptions | undefined;
}

/** Fastify with the timeouts, the guards and the live sockets' plugin: what every mount needs. */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: 10_000,
    // Node checks the header and request timeouts every connectionsCheckingInterval.
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(timeouts.headersMs / 2, 5000),
    },
  });
  registerGuards(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  return app;
}

/** One device, at the root: its app, API and history where the device itself has them. */
export async function buildCompanion(options: CompanionAppOptions): Promise<FastifyInstance> {
  const app = await createServer(options);
  const device = await mountDevice(app, { ...options, version: VERSION });
  const modbus: ModbusFeature | undefined =
    options.modbus &&
    setUpModbus({
      options: options.modbus,
      dataDir: options.dataDir,
      devices: [{ name: options.name ?? DEFAULT_DEVICE_NAME, ...device }],
      version: VERSION,
      log: options.log ?? ((line) => console.log(line)),
    });
  registerModbusRoutes(app, { feature: () => modbus, access: device.access });
  registerWebapp(app, await loadWebapp(options.webappDir, { everyFile: true }));
  app.addHook('onReady', async () => {
    device.start();
    await modbus?.start();
  });
  // Modbus first: its limits are given back while the device's link still stands.
  app.addHook('onClose', async () => {
    await modbus?.stop();
    await device.stop();
  });
  return app;
}

/**
 * The companion server as a Fastify instance (what server.ts listens with and tests
 * build) for one device or several: the guards and the live sockets' plugin, then one
 * device mounted at the root (device-scope.ts: where the device itself has its app and
 * API), or several each under /dtu/NAME/ with the plant at the root (plant/plant-app.ts).
 * Background work starts when the instance is ready and stops when it closes.
 */
import { readFileSync } from 'node:fs';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { loadWebapp, registerWebapp } from '@opendtu/server-kit/static-files';
import { registerAnswerCompression } from './answer-compression';
import { DEFAULT_DEVICE_NAME } from './config/devices';
import { mountDevice, type DeviceOptions, type DeviceScope } from './device-scope';
import type { LogLine } from './log';
import { setUpModbus, type ModbusFeature } from './modbus/modbus';
import type { ModbusOptions } from './modbus/options';
import { registerModbusRoutes } from './modbus/routes';
import { mountPlant, type PlantMeterContext } from './plant/plant-app';
import { BODY_LIMIT, registerGuards } from './proxy/guards';
import { lazySchemaCompilers } from './schema-compilers';

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

export interface AppOptions extends ServerOptions {
  /** One: served at the root, as the device serves itself; several (each named): a plant. */
  devices: readonly DeviceOptions[];
  /** The plant's own lines (an inverter two devices report); each device logs through its own. */
  log?: LogLine;
  /** Several devices: the plant's own grid meter and folder (issue 45). */
  plantMeter?: PlantMeterContext | undefined;
  /** The SunSpec Modbus server (--modbus) over every device, its unit map in `dataDir`; undefined: off. */
  modbus?: { options: ModbusOptions; dataDir: string } | undefined;
}

/** Fastify with the timeouts, the guards and the live sockets' plugin: what every mount needs. */
async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: 10_000,
    schemaController: { compilersFactory: lazySchemaCompilers },
    // Node checks the header and request timeouts every connectionsCheckingInterval.
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(timeouts.headersMs / 2, 5000),
    },
  });
  registerGuards(app);
  registerAnswerCompression(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  return app;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = await createServer(options);
  const files = await loadWebapp(options.webappDir, { everyFile: true });
  const log = options.log ?? ((line) => console.log(line));
  const [first, ...others] = options.devices;
  if (!first) throw new Error('no device to serve');
  // Every device's app shows the Modbus map (off, or the one server's over every device);
  // `modbus` is made below, once every device is mounted, and asked for at each request.
  const withRoutes = (scope: FastifyInstance, mounted: DeviceScope): void =>
    registerModbusRoutes(scope, { feature: () => modbus, access: mounted.access });
  const part = others.length
    ? await mountPlant(app, options.devices, files, {
        version: VERSION,
        log,
        eachDevice: withRoutes,
        meter: options.plantMeter,
      })
    : await mountDevice(app, { ...first, version: VERSION }).then((mounted) => {
        withRoutes(app, mounted);
        return { ...mounted, scopes: [mounted] };
      });
  if (!others.length) registerWebapp(app, files);
  const modbus: ModbusFeature | undefined =
    options.modbus &&
    setUpModbus({
      options: options.modbus.options,
      dataDir: options.modbus.dataDir,
      devices: options.devices.map((device, index) => ({
        name: device.name ?? DEFAULT_DEVICE_NAME,
        ...part.scopes[index]!,
      })),
      version: VERSION,
      log,
    });
  app.addHook('onReady', async () => {
    part.start();
    await modbus?.start();
  });
  // Modbus first: its limits are given back while each device's link still stands.
  app.addHook('onClose', async () => {
    await modbus?.stop();
    await part.stop();
  });
  return app;
}

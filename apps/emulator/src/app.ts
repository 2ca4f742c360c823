import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { EventEmitter } from 'node:events';
import type { Clock } from './clock';
import { ConfigStore } from './config/store';
import { identityFor } from './config/identity';
import { ConsoleLog } from './console-log';
import type { Device, DeviceEvents } from './device';
import { registerBodyParsers } from './http/post-data';
import { configApi } from './routes/config-api';
import { runtimeApi } from './routes/runtime-api';
import { registerWebapp, loadWebapp } from './static-files';

export interface DeviceOptions {
  /** Folder holding config.json and the other files of the device's file system. */
  dataDir: string;
  /** Folder holding the six files of the web bundle to serve. */
  webappDir: string;
  clock: Clock;
  /** Asks the process that runs the device to restart it (reboot, restore, ...). */
  requestRestart: (reason: string) => void;
  /** Fastify logger setting; off unless the command line asks for it. */
  logger?: boolean | { level: string };
}

/** The virtual device as a Fastify instance: what server.ts listens with and tests inject into. */
export async function buildDevice(options: DeviceOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // The device answers HEAD like any unmatched request (index.html), not as a GET.
    exposeHeadRoutes: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const identity = identityFor(options.dataDir);
  const config = await ConfigStore.open(options.dataDir, identity);
  const bootReal = Date.now();
  let restarting = false;
  const device: Device = {
    dataDir: options.dataDir,
    clock: options.clock,
    identity,
    config,
    console: new ConsoleLog(),
    events: new EventEmitter<DeviceEvents>(),
    radios: () => ({
      nrf: { configured: true, connected: true, pvariant: true },
      cmt: { configured: true, connected: true },
    }),
    uptimeMs: () => (Date.now() - bootReal) * options.clock.speed,
    restart(reason) {
      if (restarting) return;
      restarting = true;
      options.requestRestart(reason);
    },
  };
  app.decorate('device', device);
  app.addHook('onClose', async () => {
    device.events.emit('shutdown');
  });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerBodyParsers(app);
  registerWebapp(app, await loadWebapp(options.webappDir));
  await app.register(configApi);
  await app.register(runtimeApi);
  return app;
}

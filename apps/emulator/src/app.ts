import Fastify, { type FastifyInstance } from 'fastify';
import type { Clock } from './clock';
import { registerWebapp, loadWebapp } from './static-files';
import { systemRoutes } from './routes/system';

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
    // Sub-paths of a route also reach it on the device (contract §0.2).
    routerOptions: { ignoreTrailingSlash: true },
  });
  const files = await loadWebapp(options.webappDir);
  registerWebapp(app, files);
  await app.register(systemRoutes, { clock: options.clock });
  return app;
}

/**
 * The companion in front of several devices (issue 33): each device mounted whole under
 * `/dtu/NAME/` (its app, API, sockets, history, alerts and zero export, as one device has
 * them at the root), and at the root the plant: its page (`/plant`, where `/` leads) and
 * GET /companion/api/plant. A device's own paths at the root would be ambiguous, so
 * `/api/...` there answers 404 saying where each device's API is.
 */
import type { CompanionError } from '@opendtu/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { loadWebapp, registerWebapp } from '@opendtu/server-kit/static-files';
import { createServer, VERSION, type ServerOptions } from './app';
import { mountDevice, type DeviceOptions, type DeviceScope } from './device-scope';
import type { DeviceAnswer } from './device/link';
import type { LogLine } from './log';
import { setUpModbus, type ModbusFeature } from './modbus/modbus';
import type { ModbusOptions } from './modbus/options';
import { registerModbusRoutes } from './modbus/routes';
import { registerPlantLimit } from './plant/plant-limit';
import { registerPlantHistory } from './plant/plant-history';
import { plantDuplicates, registerPlant, type PlantMember } from './plant/plant-routes';
import { PlantWatch } from './plant/plant-watch';

/** Real ms between looks for an inverter that two devices report. */
const DUPLICATE_CHECK_MS = 5000;

export interface PlantDeviceOptions extends DeviceOptions {
  /** URL-safe and unique (config/devices.ts): the path `/dtu/NAME/`. */
  name: string;
}

export interface PlantAppOptions extends ServerOptions {
  devices: readonly PlantDeviceOptions[];
  /** The plant's own lines (duplicate serials); each device logs through its own `log`. */
  log?: LogLine;
  /** The SunSpec Modbus server (--modbus) over every device, its unit map in `dataDir`; undefined: off. */
  modbus?: { options: ModbusOptions; dataDir: string } | undefined;
}

/** A device's answer when it is one (200), else nothing. */
const okJson = (answer: DeviceAnswer): unknown => (answer.status === 200 ? answer.json : undefined);

export async function buildPlant(options: PlantAppOptions): Promise<FastifyInstance> {
  const log: LogLine = options.log ?? ((line) => console.log(line));
  const app = await createServer(options);
  const files = await loadWebapp(options.webappDir, { everyFile: true });
  const scopes: DeviceScope[] = [];
  const members: PlantMember[] = [];
  for (const device of options.devices) {
    const prefix = `/dtu/${device.name}`;
    await app.register(
      async (scope) => {
        // The app finds its base from a path ending in a slash (index.html's <base>).
        scope.addHook('onRequest', async (request, reply) => {
          if (request.url.split('?')[0] === prefix) return reply.redirect(`${device.name}/`, 308);
        });
        const mounted = await mountDevice(scope, { ...device, version: VERSION });
        // Each device's app shows the whole map: one Modbus server serves them all.
        registerModbusRoutes(scope, { feature: () => modbus, access: mounted.access });
        registerWebapp(scope, files);
        scopes.push(mounted);
        const watch = new PlantWatch(device.name, mounted.upstream, {
          liveStatus: async () => okJson(await mounted.link.get('api/livedata/status', 'server')),
          systemStatus: async () => okJson(await mounted.link.get('api/system/status', 'server')),
        });
        members.push({ watch, access: mounted.access, clock: mounted.clock });
      },
      { prefix },
    );
  }
  const modbus: ModbusFeature | undefined =
    options.modbus &&
    setUpModbus({
      options: options.modbus.options,
      dataDir: options.modbus.dataDir,
      devices: options.devices.map((device, index) => ({ name: device.name, ...scopes[index]! })),
      version: VERSION,
      log,
    });
  registerPlant(app, members);
  registerPlantHistory(
    app,
    options.devices.map((d) => d.name),
  );
  registerPlantLimit(app, members);
  const elsewhere = (_request: unknown, reply: FastifyReply): FastifyReply =>
    reply.code(404).send({
      message: `This companion serves several devices: each one's API is under /dtu/NAME/ (${options.devices.map((device) => device.name).join(', ')})`,
    } satisfies CompanionError);
  app.all('/api/*', elsewhere);
  app.all('/companion/api/*', elsewhere);
  registerWebapp(app, files, true, (_request, reply) => reply.redirect('plant', 302));

  const flagged = new Set<string>();
  let duplicateCheck: NodeJS.Timeout | undefined;
  const checkDuplicates = (): void => {
    for (const { serial, devices } of plantDuplicates(members)) {
      if (flagged.has(serial)) continue;
      flagged.add(serial);
      log(
        `Inverter ${serial} is registered on ${devices.join(' and ')}: two DTUs polling one inverter disturb each other; delete it on all but one`,
        'warn',
      );
    }
  };
  app.addHook('onReady', async () => {
    for (const scope of scopes) scope.start();
    duplicateCheck = setInterval(checkDuplicates, DUPLICATE_CHECK_MS);
    await modbus?.start();
  });
  app.addHook('onClose', async () => {
    clearInterval(duplicateCheck);
    await modbus?.stop();
    for (const { watch } of members) watch.stop();
    await Promise.all(scopes.map((scope) => scope.stop()));
  });
  return app;
}

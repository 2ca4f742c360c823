/**
 * The plant (issue 33): several devices, each mounted whole under `/dtu/NAME/` (its app,
 * API, sockets, history, alerts and zero export, as one device has them at the root), and
 * at the root the plant's page (`/plant`, where `/` leads), GET /companion/api/plant, its
 * history and its limit. A device's own paths at the root would be ambiguous, so `/api/...`
 * there answers 404 saying where each device's API is.
 */
import type { CompanionError } from '@opendtu/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerWebapp, type loadWebapp } from '@opendtu/server-kit/static-files';
import { mountDevice, type DeviceOptions, type DeviceScope } from '../device-scope';
import type { DeviceAnswer } from '../device/link';
import type { LogLine } from '../log';
import { MeterPool } from '../meter/meter-source';
import type { MeterSpec } from '../meter/meter-spec';
import { setUpPlantMeter } from '../meter/plant-meter';
import type { SavedMeter } from '../meter/settings-file';
import { askEach, registerPlantHistory } from './plant-history';
import { registerPlantLimit } from './plant-limit';
import { plantDuplicates, registerPlant, type PlantMember } from './plant-routes';
import { PlantWatch } from './plant-watch';

/** Real ms between looks for an inverter that two devices report. */
const DUPLICATE_CHECK_MS = 5000;

/** A device's answer when it is one (200), else nothing. */
const okJson = (answer: DeviceAnswer): unknown => (answer.status === 200 ? answer.json : undefined);

/** The plant's own grid meter (issue 45): one house behind every device. */
export interface PlantMeterContext {
  spec: MeterSpec | undefined;
  saved: SavedMeter | undefined;
  /** The plant's folder: its meter.json and the meter's history. */
  dataDir: string;
}

/** Mounts every device under its path and the plant at the root; the part starts and stops them all. */
export async function mountPlant(
  app: FastifyInstance,
  devices: readonly DeviceOptions[],
  files: Awaited<ReturnType<typeof loadWebapp>>,
  context: {
    version: string;
    log: LogLine;
    /** Whatever else each device's scope serves (the Modbus map). */
    eachDevice?: (scope: FastifyInstance, mounted: DeviceScope) => void;
    /** The plant's own grid meter (issue 45). */
    meter?: PlantMeterContext | undefined;
  },
): Promise<{ start: () => void; stop: () => Promise<void>; scopes: readonly DeviceScope[] }> {
  const { log } = context;
  const names = devices.map((device) => device.name ?? '');
  if (names.some((name) => name === '')) throw new Error('every device of a plant needs a name');
  const scopes: DeviceScope[] = [];
  const members: PlantMember[] = [];
  // One read of a meter for every part that uses it (a device's zero export on the plant's meter).
  const meterPool = new MeterPool();
  for (const [index, device] of devices.entries()) {
    const name = names[index]!;
    const prefix = `/dtu/${name}`;
    await app.register(
      async (scope) => {
        // The app finds its base from a path ending in a slash (index.html's <base>).
        scope.addHook('onRequest', async (request, reply) => {
          if (request.url.split('?')[0] === prefix) return reply.redirect(`${name}/`, 308);
        });
        const mounted = await mountDevice(scope, { ...device, meterPool, version: context.version });
        context.eachDevice?.(scope, mounted);
        registerWebapp(scope, files);
        scopes.push(mounted);
        const watch = new PlantWatch(name, mounted.upstream, {
          liveStatus: async () => okJson(await mounted.link.get('api/livedata/status', 'server')),
          systemStatus: async () => okJson(await mounted.link.get('api/system/status', 'server')),
        });
        members.push({ watch, access: mounted.access, clock: mounted.clock });
      },
      { prefix },
    );
  }
  registerPlant(app, members);
  const first = devices[0]!;
  const plantMeter =
    context.meter &&
    setUpPlantMeter(app, {
      ...context.meter,
      names,
      accesses: members.map((member) => member.access),
      clock: members[0]!.clock,
      pool: meterPool,
      log: (line, level) => log(`[plant] ${line}`, level),
      rawDays: first.rawDays,
      influxUrl: first.influxUrl,
      influxToken: first.influxToken,
      askEach: (path, authorization) => askEach(app, names, path, authorization),
    });
  registerPlantHistory(app, names, plantMeter?.periods);
  registerPlantLimit(app, members);
  const elsewhere = (_request: unknown, reply: FastifyReply): FastifyReply =>
    reply.code(404).send({
      message: `This companion serves several devices: each one's API is under /dtu/NAME/ (${names.join(', ')})`,
    } satisfies CompanionError);
  app.all('/api/*', elsewhere);
  app.all('/companion/api/*', elsewhere);
  registerWebapp(app, files, true, (_request, reply) => reply.redirect('plant', 302));

  const flagged = new Set<string>();
  let duplicateCheck: NodeJS.Timeout | undefined;
  const checkDuplicates = (): void => {
    for (const { serial, devices: holding } of plantDuplicates(members)) {
      if (flagged.has(serial)) continue;
      flagged.add(serial);
      log(
        `Inverter ${serial} is registered on ${holding.join(' and ')}: two DTUs polling one inverter disturb each other; delete it on all but one`,
        'warn',
      );
    }
  };
  return {
    scopes,
    start: () => {
      for (const scope of scopes) scope.start();
      plantMeter?.start();
      duplicateCheck = setInterval(checkDuplicates, DUPLICATE_CHECK_MS);
    },
    stop: async () => {
      clearInterval(duplicateCheck);
      for (const { watch } of members) watch.stop();
      await plantMeter?.stop();
      await Promise.all(scopes.map((scope) => scope.stop()));
    },
  };
}

/**
 * The plant's own grid meter (issue 45): with several DTUs behind one house connection the
 * meter belongs to the plant (`--meter` without a device's name, or meter.json in the
 * plant's folder). Read, recorded in the plant's own history database (`<data>/plant`) and
 * answered at the root as each device answers its own: GET /companion/api/plant/meter,
 * /companion/api/plant/flow (the devices' production with this meter's grid; without a
 * plant meter the devices' own meters summed) and /companion/api/plant/meter/settings.
 * Reading follows every device's read-only rule, a change needs the admin of every device
 * that answers.
 */
import type { FlowAnswer } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import { DeviceUnreachable, type DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import { periodOf } from '../history/dates';
import { gridLine } from '../influx/line-protocol';
import { InfluxPusher } from '../influx/pusher';
import type { LogLine } from '../log';
import { openDatabase } from '../recorder/db/open';
import { PushQueue } from '../recorder/db/push-queue';
import { GridRecorder } from './grid-recorder';
import { GridStore } from './grid-store';
import { keepMeter } from './meter-keeper';
import { registerMeterRoutes, type MeterAccess } from './meter-routes';
import type { MeterPool } from './meter-source';
import { maskedMeter, type MeterSpec } from './meter-spec';
import { plantFlow, type PlantGridPeriods } from './plant-flow';
import { METER_FILE, type SavedMeter } from './settings-file';

/** A day's readings may miss this much and still cover it. */
const COVER_SLACK_MS = 15 * 60_000;

export interface PlantMeterOptions {
  spec: MeterSpec | undefined;
  saved: SavedMeter | undefined;
  /** The plant's own folder (meter.json and its history database). */
  dataDir: string;
  /** The devices' names, in the plant's order (the flow asks each for its day). */
  names: readonly string[];
  /** The devices' access rules: the plant's is all of them. */
  accesses: readonly DeviceAccess[];
  /** The clock the plant's meter is stamped on: its first device's (one house, one zone). */
  clock: DeviceClock;
  pool: MeterPool;
  log: LogLine;
  rawDays?: number | undefined;
  influxUrl?: URL | undefined;
  influxToken?: string | undefined;
  /** Every device's answer to its own `path` (plant-history.ts). */
  askEach: (path: string, authorization: string | undefined) => Promise<Parameters<typeof plantFlow>[1]>;
}

export interface PlantMeter {
  /** The plant meter's energy per period (every day in [from, to]); undefined without one. */
  periods: PlantGridPeriods;
  start: () => void;
  stop: () => Promise<void>;
}

/** Every device's rule: one that refuses refuses the plant; one that cannot be asked does not lock it. */
function plantAccess(accesses: readonly DeviceAccess[]): MeterAccess {
  const each = async (ask: (access: DeviceAccess) => Promise<boolean>): Promise<boolean> => {
    let answered = false;
    for (const access of accesses) {
      try {
        if (!(await ask(access))) return false;
        answered = true;
      } catch (error) {
        if (!(error instanceof DeviceUnreachable)) throw error;
      }
    }
    if (!answered) throw new DeviceUnreachable();
    return true;
  };
  return {
    mayRead: (authorization) => each((access) => access.mayRead(authorization)),
    validCredentials: (authorization) => each((access) => access.validCredentials(authorization)),
  };
}

export function setUpPlantMeter(app: FastifyInstance, options: PlantMeterOptions): PlantMeter {
  const { clock, log } = options;
  const connection = openDatabase(options.dataDir);
  const store = new GridStore(connection);
  const pushQueue = new PushQueue(connection);
  const pusher =
    options.influxUrl && new InfluxPusher(pushQueue, options.influxUrl, options.influxToken, log, 'plant');
  const recorder = new GridRecorder(store, clock, {
    log,
    rawDays: options.rawDays,
    onPoints: (points) => pusher?.queueLines(points.map((point) => gridLine(point, 'plant'))),
    afterFlush: () => pusher?.kick(),
  });
  const keeper = keepMeter({
    ...options,
    recorder,
    readLine: (meter) => `The plant's grid meter: ${maskedMeter(meter)}`,
    savedLine: (meter) =>
      meter
        ? `The plant's grid meter saved (${METER_FILE})`
        : `The plant's grid meter saved (${METER_FILE}): none`,
    sayCounterErrors: false,
  });
  const spec = keeper.spec;

  const daySlots = (date: string) => {
    const [from, to] = clock.dayBounds(date);
    return new Map(store.slots(from, to).map((slot) => [slot.t, slot]));
  };
  registerMeterRoutes(app, {
    access: plantAccess(options.accesses),
    base: 'companion/api/plant',
    clock,
    gridStore: store,
    flow: async (date, authorization): Promise<FlowAnswer> => {
      const devices = await options.askEach(`companion/api/flow?date=${date}`, authorization);
      const grid = spec() ? periods(date, date, 'day')?.get(date) : undefined;
      return plantFlow(date, devices, spec() ? { slots: daySlots(date), day: grid ?? null } : undefined);
    },
    controlMeter: () => undefined,
    ...keeper.routes,
  });

  const periods: PlantMeter['periods'] = (from, to, by) => {
    if (!spec() && !store.hasAny()) return undefined;
    const now = clock.ready ? clock.now() : undefined;
    const sums = new Map<string, { grid: { importWh: number; exportWh: number }; complete: boolean }>();
    for (const row of store.days(from, to)) {
      const period = periodOf(row.day, by);
      const sum = sums.get(period) ?? { grid: { importWh: 0, exportWh: 0 }, complete: true };
      sum.grid.importWh += row.importWh;
      sum.grid.exportWh += row.exportWh;
      const [start, end] = clock.dayBounds(row.day);
      if (row.coveredMs < Math.max(0, Math.min(end, now ?? end) - start) - COVER_SLACK_MS)
        sum.complete = false;
      sums.set(period, sum);
    }
    return sums;
  };

  return {
    periods,
    start: () => {
      pusher?.kick();
      keeper.start();
    },
    stop: async () => {
      await keeper.stop();
      recorder.stop();
      pusher?.stop();
      connection.close();
    },
  };
}

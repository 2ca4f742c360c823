/**
 * The house's grid meter as one part of the app (issue 45): read whether or not zero export
 * runs (a meter given by --meter, or saved in the app as meter.json), its power and energy
 * recorded in the history database, its reading and its history answered. The reading is
 * shared through the MeterPool: zero export on the same meter reads it once. A save from
 * the app replaces the meter at once; its counters start afresh (another meter's are not
 * a jump of the old one's).
 */
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { InfluxPusher } from '../influx/pusher';
import { gridLine } from '../influx/line-protocol';
import type { LogLine } from '../log';
import type { Connection } from '../recorder/db/connection';
import type { HistoryStore } from '../recorder/db/history-store';
import type { GridHistory } from './grid-history';
import { GridRecorder } from './grid-recorder';
import { GridStore } from './grid-store';
import { keepMeter } from './meter-keeper';
import { flowAnswer, registerMeterRoutes } from './meter-routes';
import type { MeterPool } from './meter-source';
import { maskedMeter, type MeterSpec } from './meter-spec';
import { METER_FILE, type SavedMeter } from './settings-file';

export interface MeterContext {
  /** The meter of the options (--meter); undefined: none. */
  spec: MeterSpec | undefined;
  /** The meter saved in the app (meter.json), which stands in for the option. */
  saved: SavedMeter | undefined;
  dataDir: string;
  connection: Connection;
  store: HistoryStore;
  clock: DeviceClock;
  access: DeviceAccess;
  pool: MeterPool;
  log: LogLine;
  pusher?: InfluxPusher | undefined;
  rawDays?: number | undefined;
  /** Zero export's meter now, for the settings form to offer. */
  controlMeter: () => MeterSpec | undefined;
}

export interface MeterArea {
  grid: GridHistory;
  start: () => void;
  stop: () => Promise<void>;
}

export function setUpMeter(app: FastifyInstance, context: MeterContext): MeterArea {
  const { clock, log } = context;
  const store = new GridStore(context.connection);
  const recorder = new GridRecorder(store, clock, {
    log,
    rawDays: context.rawDays,
    onPoints: (points) =>
      context.pusher?.queueLines(points.map((point) => gridLine(point, context.pusher!.tag))),
    afterFlush: () => context.pusher?.kick(),
  });
  const keeper = keepMeter({
    ...context,
    recorder,
    readLine: (meter, reader) =>
      `Grid meter: ${maskedMeter(meter)} (${reader.netted === undefined ? 'energy counted from its power' : "energy from the meter's own counters"})`,
    savedLine: (meter) =>
      meter ? `Grid meter saved (${METER_FILE})` : `Grid meter saved (${METER_FILE}): none`,
    sayCounterErrors: true,
  });

  const grid = { store, clock };
  registerMeterRoutes(app, {
    access: context.access,
    base: 'companion/api',
    clock,
    flow: (date) => flowAnswer({ clock, store: context.store, grid }, date),
    gridStore: store,
    controlMeter: context.controlMeter,
    ...keeper.routes,
  });

  return {
    grid,
    start: keeper.start,
    stop: async () => {
      await keeper.stop();
      recorder.stop();
    },
  };
}

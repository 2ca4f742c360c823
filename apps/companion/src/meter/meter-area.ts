/**
 * The house's grid meter as one part of the app (issue 45): read whether or not zero export
 * runs (a meter given by --meter, or saved in the app as meter.json), its power and energy
 * recorded in the history database, its reading and its history answered. The reading is
 * shared through the MeterPool: zero export on the same meter reads it once. A save from
 * the app replaces the meter at once; its counters start afresh (another meter's are not
 * a jump of the old one's).
 */
import type { MeterSettingsBody } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import type { DeviceClock } from '../device/clock';
import type { InfluxPusher } from '../influx/pusher';
import { gridLine } from '../influx/line-protocol';
import type { LogLine } from '../log';
import type { Connection } from '../recorder/db/connection';
import type { HistoryStore } from '../recorder/db/history-store';
import type { GridLimits } from './grid-energy';
import type { GridHistory } from './grid-history';
import { GridRecorder } from './grid-recorder';
import { GridStore } from './grid-store';
import { meterFields } from './meter-fields';
import { flowAnswer, registerMeterRoutes } from './meter-routes';
import { MeterSource, meterKey, type MeterPool } from './meter-source';
import { maskedMeter, type MeterSpec } from './meter-spec';
import { METER_FILE, writeSavedMeter, type SavedMeter } from './settings-file';

/** The device's ms between readings the recorder asks for (zero export may ask for more). */
const POLL_MS = 2000;
/** The device's ms between readings of counters that need a request of their own (Shelly Pro 3EM). */
const COUNTER_MS = 10_000;
/** This machine's ms between readings at least (a virtual DTU at a high --speed). */
const POLL_FLOOR_MS = 100;

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
  let settings: MeterSettingsBody = context.saved?.body ?? {
    meter: context.spec ? meterFields(context.spec) : null,
  };
  let source: 'options' | 'saved' = context.saved ? 'saved' : 'options';
  let spec = context.saved ? context.saved.spec : context.spec;
  let reader: MeterSource | undefined;
  let started = false;

  const pollRealMs = Math.max(POLL_FLOOR_MS, POLL_MS / clock.speed);
  const counterRealMs = Math.max(pollRealMs, COUNTER_MS / clock.speed);
  // A reading the recorder may join to the last is one it could have polled in time.
  const limits: GridLimits = {
    holdMs: Math.max(60_000, 5 * pollRealMs * clock.speed),
    countersMissingMs: Math.max(300_000, 30 * counterRealMs * clock.speed),
  };

  const read = (meter: MeterSpec): void => {
    const next = new MeterSource(meter, pollRealMs, () => clock.now(), {
      pool: context.pool,
      counterMs: counterRealMs,
    });
    recorder.useMeter(meterKey(meter));
    next.onReading = () => {
      if (next.latest) recorder.power(next.latest.powerW, limits);
      if (next.counterError)
        recorder.sayOnce(
          `counters:${next.counterError}`,
          `The grid meter's energy counters cannot be read (${next.counterError}): its energy is counted from its power`,
        );
    };
    next.onCounters = () => {
      if (next.counters) recorder.counters(next.counters, next.netted ?? true);
    };
    next.start();
    reader = next;
    log(
      `Grid meter: ${maskedMeter(meter)} (${next.netted === undefined ? 'energy counted from its power' : "energy from the meter's own counters"})`,
    );
  };

  const grid = { store, clock };
  registerMeterRoutes(app, {
    access: context.access,
    base: 'companion/api',
    clock,
    flow: (date) => flowAnswer({ clock, store: context.store, grid }, date),
    reader: () => reader,
    gridStore: store,
    settings: () => settings,
    source: () => source,
    controlMeter: context.controlMeter,
    save: async (saved) => {
      await writeSavedMeter(context.dataDir, saved.body);
      settings = saved.body;
      source = 'saved';
      spec = saved.spec;
      log(saved.spec ? `Grid meter saved (${METER_FILE})` : `Grid meter saved (${METER_FILE}): none`);
      const old = reader;
      reader = undefined;
      await old?.stop();
      if (spec && started) read(spec);
    },
  });

  return {
    grid,
    start: () => {
      started = true;
      if (spec) read(spec);
    },
    stop: async () => {
      started = false;
      await reader?.stop();
      reader = undefined;
      recorder.stop();
    },
  };
}

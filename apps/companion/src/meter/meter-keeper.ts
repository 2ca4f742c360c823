/**
 * One grid meter in use, a device's and the plant's alike: the meter of the options until
 * one is saved in the app (meter.json, which stands in for the option), read into its
 * recorder while started. A save replaces the meter at once; its counters start afresh
 * (another meter's are not a jump of the old one's).
 */
import type { MeterSettingsBody } from '@opendtu/api';
import type { DeviceClock } from '../device/clock';
import type { LogLine } from '../log';
import type { GridLimits } from './grid-energy';
import type { GridRecorder } from './grid-recorder';
import { meterFields } from './meter-fields';
import { MeterSource, meterKey, type MeterPool } from './meter-source';
import type { MeterSpec } from './meter-spec';
import { writeSavedMeter, type SavedMeter } from './settings-file';

/** The device's ms between readings the recorder asks for (zero export may ask for more). */
const POLL_MS = 2000;
/** The device's ms between readings of counters that need a request of their own (Shelly Pro 3EM). */
const COUNTER_MS = 10_000;
/** This machine's ms between readings at least (a virtual DTU at a high --speed). */
const POLL_FLOOR_MS = 100;

export interface MeterKeeperOptions {
  /** The meter of the options (--meter); undefined: none. */
  spec: MeterSpec | undefined;
  /** The meter saved in the app (meter.json). */
  saved: SavedMeter | undefined;
  /** The folder meter.json is saved in. */
  dataDir: string;
  clock: DeviceClock;
  pool: MeterPool;
  recorder: GridRecorder;
  log: LogLine;
  /** The log's line for a meter read from now on. */
  readLine: (meter: MeterSpec, source: MeterSource) => string;
  /** The log's line for a save (undefined: no meter). */
  savedLine: (meter: MeterSpec | undefined) => string;
  /** Whether counters that cannot be read are said in the log (once per error). */
  sayCounterErrors: boolean;
}

export interface MeterKeeper {
  /** What the meter routes ask of it (meter-routes.ts). */
  routes: {
    reader: () => MeterSource | undefined;
    settings: () => MeterSettingsBody;
    source: () => 'options' | 'saved';
    save: (saved: SavedMeter) => Promise<void>;
  };
  /** The meter in use now; undefined: none. */
  spec: () => MeterSpec | undefined;
  start: () => void;
  /** Stops reading (the recorder is its owner's to stop). */
  stop: () => Promise<void>;
}

export function keepMeter(options: MeterKeeperOptions): MeterKeeper {
  const { clock, log, recorder } = options;
  let settings: MeterSettingsBody = options.saved?.body ?? {
    meter: options.spec ? meterFields(options.spec) : null,
  };
  let source: 'options' | 'saved' = options.saved ? 'saved' : 'options';
  let spec = options.saved ? options.saved.spec : options.spec;
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
      pool: options.pool,
      counterMs: counterRealMs,
    });
    recorder.useMeter(meterKey(meter));
    next.onReading = () => {
      if (next.latest) recorder.power(next.latest.powerW, limits);
      if (options.sayCounterErrors && next.counterError)
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
    log(options.readLine(meter, next));
  };

  return {
    routes: {
      reader: () => reader,
      settings: () => settings,
      source: () => source,
      save: async (saved) => {
        await writeSavedMeter(options.dataDir, saved.body);
        settings = saved.body;
        source = 'saved';
        spec = saved.spec;
        log(options.savedLine(saved.spec));
        const old = reader;
        reader = undefined;
        await old?.stop();
        if (spec && started) read(spec);
      },
    },
    spec: () => spec,
    start: () => {
      started = true;
      if (spec) read(spec);
    },
    stop: async () => {
      started = false;
      await reader?.stop();
      reader = undefined;
    },
  };
}

/**
 * Starts the grid meter beside the device (`--meter-port`, `--meter-mqtt`, `--household`).
 * The meter is a device of its own: it keeps answering while the DTU restarts and reads
 * the inverters of whichever boot of the device is current.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { FaultState } from '../sim/faults';
import { createHousehold } from '../sim/household';
import { seedOf } from '../sim/random';
import { loadMeterCounters, saveMeterCounters } from './counters-file';
import { GridMeter } from './grid-meter';
import { fedEnergyTracker, inverterPhases } from './inverter-output';
import { buildMeterApp } from './meter-app';
import { MeterMqtt, parseMeterMqtt } from './meter-mqtt';

export interface MeterSettings {
  /** HTTP port of the meter (0 = a free one); undefined = no HTTP meter. */
  port: number | undefined;
  /** `mqtt://host:port/topic` to publish readings to. */
  mqtt: string | undefined;
  /** The simulated house: its seed (undefined = from the DTU serial); undefined = no house. */
  household: { seed: number | undefined } | undefined;
}

export interface RunningMeter {
  /** Base URL of the HTTP meter, when it has one. */
  url: string | undefined;
  close(): Promise<void>;
}

/** Real milliseconds between the meter's own readings (energy counters, MQTT). */
const TICK_MS = 1000;
/** Real milliseconds between saves of its counters to the data folder (and at close). */
const SAVE_MS = 10_000;

export async function startMeter(
  settings: MeterSettings,
  host: string,
  clock: Clock,
  device: () => FastifyInstance | undefined,
  /** The emulator's data folder, where the meter keeps its counters (counters-file.ts). */
  dataDir: string,
  /** The process's faults on purpose (meter-silent, meter-replaced). */
  faults?: FaultState,
): Promise<RunningMeter> {
  const dtuSerial = device()?.device.config.get().dtu.serial ?? 0;
  const seed = settings.household?.seed ?? seedOf('household', dtuSerial);
  const utcOffsetS = (t: number): number => device()?.device.time.utcOffset(t) ?? 0;
  const inverters = () => device()?.device.inverters.list() ?? [];
  const meter = new GridMeter({
    now: () => clock.now(),
    household: settings.household ? createHousehold(seed, utcOffsetS) : undefined,
    inverters: () => inverterPhases(inverters()),
    fedSince: fedEnergyTracker(inverters),
    utcOffsetS,
    seed,
    speed: clock.speed,
  });
  const kept = await loadMeterCounters(dataDir);
  if (kept) meter.restore(kept);
  let saving = Promise.resolve();
  const save = (): Promise<void> =>
    (saving = saving
      .then(() => saveMeterCounters(dataDir, meter.counters()))
      .catch((error: Error) =>
        console.warn(`The grid meter's counters could not be saved: ${error.message}`),
      ));
  const mqtt = settings.mqtt === undefined ? undefined : new MeterMqtt(parseMeterMqtt(settings.mqtt));
  const silent = (): boolean => faults?.meterSilent(Date.now()) ?? false;
  const stopWatching = faults?.onChange(() => {
    if (!faults.takeMeterReplaced()) return;
    // What flowed until now is counted by the old meter; the new one starts at 0.
    meter.read();
    meter.replace();
  });
  const timer = setInterval(() => {
    const reading = meter.read();
    if (!silent()) mqtt?.publish(reading);
  }, TICK_MS);
  timer.unref();
  const saveTimer = setInterval(() => void save(), SAVE_MS);
  saveTimer.unref();

  let app: FastifyInstance | undefined;
  let url: string | undefined;
  if (settings.port !== undefined) {
    app = buildMeterApp(meter, () => clock.now(), silent);
    await app.listen({ port: settings.port, host });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : settings.port;
    url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  }
  return {
    url,
    async close() {
      clearInterval(timer);
      clearInterval(saveTimer);
      meter.read();
      await save();
      stopWatching?.();
      await app?.close();
      await mqtt?.stop();
    },
  };
}

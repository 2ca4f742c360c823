import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildDevice } from './app';
import { parseCli, USAGE, type CliOptions } from './cli';
import { createClock } from './clock';
import { applyStartFaults } from './routes/emulator-faults';
import { FaultState } from './sim/faults';
import { startMeter, type RunningMeter } from './meter/start-meter';
import { resolveStartTime } from './time/start-time';

/** How long a restarting device stays unreachable, as a rebooting ESP32 does. */
const RESTART_DOWNTIME_MS = 3000;

async function run(options: CliOptions): Promise<void> {
  await mkdir(options.dataDir, { recursive: true });
  const start = await resolveStartTime(options.start, options.dataDir);
  const clock = createClock({ start, speed: options.speed });
  const faults = new FaultState();
  let device: FastifyInstance | undefined;
  let port = options.port;
  let restarting = false;
  let resetReason: 'power-on' | 'software' = 'power-on';

  const boot = async (): Promise<void> => {
    device = await buildDevice({
      resetReason,
      dataDir: options.dataDir,
      webappDir: options.webappDir,
      clock,
      logger: options.verbose ? { level: 'info' } : false,
      requestRestart: (reason) => void restart(reason),
      freshInverters: options.inverters,
      pushIntervalMs: options.pushIntervalMs,
      sinceMidnight: true,
      weather: options.weather,
      firmware: options.firmware,
      maxConnections: options.maxConnections,
      faults,
    });
    if (resetReason === 'power-on') applyStartFaults(device, options.faults);
    const damaged = device.device.config.damagedCopy;
    if (damaged)
      console.warn(`config.json was damaged: kept as ${damaged}; unreadable settings reset to defaults`);
    await device.listen({ port, host: options.host });
    const address = device.server.address();
    if (address && typeof address === 'object') port = address.port;
  };

  // A reboot closes the listener and every socket, stays away for a few seconds
  // (clients see "connection refused") and comes back with config read from disk.
  const restart = async (reason: string): Promise<void> => {
    if (restarting) return;
    restarting = true;
    console.log(`Restarting (${reason})...`);
    await new Promise((done) => setTimeout(done, 1000));
    await device?.close();
    await new Promise((done) => setTimeout(done, RESTART_DOWNTIME_MS));
    resetReason = 'software';
    await boot();
    restarting = false;
    console.log('Device is back.');
  };

  await boot();
  const host = options.host === '0.0.0.0' ? 'localhost' : options.host;
  console.log(`OpenDTU emulator listening on http://${host}:${port}`);
  console.log(`Log in as admin / openDTU42 (data in ${options.dataDir}; firmware ${options.firmware})`);
  // After the device's line: launchers take the first "listening on" as the device's URL.
  let meter: RunningMeter | undefined;
  const { meter: meterSettings } = options;
  if (meterSettings.port !== undefined || meterSettings.mqtt !== undefined) {
    meter = await startMeter(meterSettings, options.host, clock, () => device, options.dataDir, faults);
    if (meter.url) console.log(`meter listening on ${meter.url}`);
  }

  const stop = async (): Promise<void> => {
    await meter?.close();
    await device?.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

try {
  // npm runs workspace scripts in the workspace folder; relative paths the user typed
  // (--data, --webapp) mean the folder npm was started from (INIT_CWD).
  const options = parseCli(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  if (options === 'help') {
    console.log(USAGE);
  } else {
    await run(options);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
}

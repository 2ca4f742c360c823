import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cliInteger, cliNumber } from '@opendtu/server-kit/cli-numbers';
import {
  DEFAULT_RELEASE,
  EMULATED_RELEASES,
  isEmulatedRelease,
  type EmulatedRelease,
} from './firmware/profiles';
import { CLIENT_LIMITS } from './http/connections';
import { parseMeterMqtt } from './meter/meter-mqtt';
import type { MeterSettings } from './meter/start-meter';
import { parseFaultOption, type Fault } from './sim/faults';
import { WEATHER_CLASSES, type WeatherClass } from './sim/weather';
import type { StartTime } from './time/start-time';

export interface CliOptions {
  port: number;
  host: string;
  dataDir: string;
  webappDir: string;
  speed: number;
  /** When the simulated clock starts: an instant, or a wall-clock time on the device. */
  start: StartTime | undefined;
  verbose: boolean;
  /** A fresh data folder starts with this many six-string inverters instead of the demo ones. */
  inverters: number | undefined;
  /** Real milliseconds between runs of the live-data push task (the device: 1000). */
  pushIntervalMs: number;
  /** The firmware release to play. */
  firmware: EmulatedRelease;
  /** Connections served at once (the device: about 16). */
  maxConnections: number;
  /** Every day's sky when forced (`--weather`); else drawn per day. */
  weather: WeatherClass | undefined;
  /** The grid meter and the house behind it (`--meter-port`, `--meter-mqtt`, `--household`). */
  meter: MeterSettings;
  /** Faults on purpose from the start (`--fault`, repeatable). */
  faults: Fault[];
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * `--time`: with a zone (`Z`, `+02:00`) it is that instant; without one it is the time
 * the device's own clock shows, so `--time 2026-06-21T12:00` is noon at the device
 * whatever the host's time zone.
 */
export function parseStartTime(text: string): StartTime {
  const wall = WALL_CLOCK.exec(text);
  if (wall) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = wall
      .slice(1)
      .map((part) => Number(part ?? 0));
    return { deviceLocal: { year: year!, month: month!, day: day!, hour, minute, second } };
  }
  const instant = Date.parse(text);
  if (Number.isNaN(instant)) throw new Error(`--time must be an ISO date-time, got "${text}"`);
  return { instant };
}

export const USAGE = `Usage: opendtu-emulator [options]
  --port <n>       TCP port to listen on (default 8080; 0 picks a free one)
  --host <addr>    address to bind (default 127.0.0.1; 0.0.0.0 for the whole network)
  --data <dir>     the device's file system: config.json and uploads (default ./data)
  --webapp <dir>   serve this web bundle folder instead of ours (the six device files)
  --speed <n>      run the simulated clock n times faster than real time (default 1)
  --time <iso>     start the simulated clock at this moment; without a zone it is the
                   device's local time, e.g. 2026-06-21T12:00 (noon at the device)
  --inverters <n>  a fresh data folder starts with n six-string inverters (HMT-2250-6T,
                   1 to 10) instead of the three demo inverters
  --push-interval <ms>
                   real milliseconds between live-data pushes (default 1000, as the
                   device); with --speed the device pushes faster, e.g. for benchmarks
  --firmware <v>   play this firmware release's API: v24.10.15, v25.4.10 (default),
                   v25.9.11 or v26.3.30 (see docs/firmware-releases.md)
  --max-connections <n>
                   connections served at once, sockets included (default 16, as the
                   device); benchmarks with more clients raise it
  --fault <f>      a fault on purpose from the start (repeatable; also POST /emulator/faults):
                   inverter-silent:<serial>, string-dark:<serial>:<channel>,
                   limit-fails:<serial>, eventlog-entry:<serial>:<id>,
                   device-vanish[:<seconds>] (without seconds: until cleared),
                   meter-silent[:<seconds>] (the grid meter answers nothing; its
                   counters keep counting), meter-replaced (its counters back to 0)
  --weather <w>    every day's sky: clear, partly-cloudy or overcast (default: drawn
                   per day from the DTU serial, as a mixed season)
  --household      simulate the house behind the grid meter: standby, fridge, kettle,
                   washing machine, cooking, lights and TV (off by default)
  --household-seed <n>
                   the house's seed (default: from the DTU serial); implies --household
  --meter-port <n> serve a grid meter (house load minus inverter output) on this port
                   (0 picks a free one) as Shelly Pro 3EM, Shelly 3EM and Tasmota SML
  --meter-mqtt <url>
                   also publish the meter's readings as JSON, e.g.
                   mqtt://localhost:1883/tele/meter/SENSOR
  --verbose        log every request
  --help           show this text`;

const DEFAULT_WEBAPP = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Parses the command line; throws an Error whose message is fit to show the user. */
export function parseCli(argv: string[], cwd = process.cwd()): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: './data' },
      webapp: { type: 'string' },
      speed: { type: 'string', default: '1' },
      time: { type: 'string' },
      inverters: { type: 'string' },
      'push-interval': { type: 'string', default: '1000' },
      firmware: { type: 'string', default: DEFAULT_RELEASE },
      'max-connections': { type: 'string', default: String(CLIENT_LIMITS.maxConnections) },
      fault: { type: 'string', multiple: true },
      weather: { type: 'string' },
      household: { type: 'boolean', default: false },
      'household-seed': { type: 'string' },
      'meter-port': { type: 'string' },
      'meter-mqtt': { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const start = values.time === undefined ? undefined : parseStartTime(values.time);
  if (!isEmulatedRelease(values.firmware)) {
    throw new Error(`--firmware must be one of ${EMULATED_RELEASES.join(', ')}, got "${values.firmware}"`);
  }
  return {
    port: cliInteger('port', values.port, 0, 65535),
    host: values.host,
    dataDir: resolve(cwd, values.data),
    webappDir: values.webapp === undefined ? DEFAULT_WEBAPP : resolve(cwd, values.webapp),
    speed: cliNumber('speed', values.speed, 0.001, 100000),
    start,
    verbose: values.verbose,
    inverters: values.inverters === undefined ? undefined : cliInteger('inverters', values.inverters, 1, 10),
    pushIntervalMs: cliNumber('push-interval', values['push-interval'], 1, 60_000),
    firmware: values.firmware,
    maxConnections: cliInteger('max-connections', values['max-connections'], 1, 10_000),
    weather: weatherOption(values.weather),
    meter: meterSettings(values),
    faults: (values.fault ?? []).map(parseFaultOption),
  };
}

function weatherOption(text: string | undefined): WeatherClass | undefined {
  if (text === undefined) return undefined;
  if (!(WEATHER_CLASSES as readonly string[]).includes(text)) {
    throw new Error(`--weather must be one of ${WEATHER_CLASSES.join(', ')}, got "${text}"`);
  }
  return text as WeatherClass;
}

function meterSettings(values: {
  household?: boolean;
  'household-seed'?: string;
  'meter-port'?: string;
  'meter-mqtt'?: string;
}): MeterSettings {
  const seedText = values['household-seed'];
  const seed = seedText === undefined ? undefined : cliInteger('household-seed', seedText, 0, 2 ** 32 - 1);
  const mqtt = values['meter-mqtt'];
  if (mqtt !== undefined) parseMeterMqtt(mqtt);
  const portText = values['meter-port'];
  return {
    port: portText === undefined ? undefined : cliInteger('meter-port', portText, 0, 65535),
    mqtt,
    household: values.household || seed !== undefined ? { seed } : undefined,
  };
}

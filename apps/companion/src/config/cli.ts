/**
 * The command line: options from the flags, the environment and the config file
 * (options.ts) read into CompanionOptions, the help text, and the checks that need no
 * device (the web app build exists, the data folder is writable: data-dir.ts).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AREA_USAGE, readAreas, type AreaOptions } from './areas';
import { ConfigError } from './config-error';
import {
  baseFolder,
  label,
  layer,
  OPTIONS,
  readConfigFile,
  readEnvironment,
  type OptionName,
  type Origin,
  type Setting,
} from './options';
import { parseDevices, plainPassword, type DeviceEntry } from './devices';
import { httpUrl } from './urls';
import { LOG_LEVELS, type LogLevel } from '../log';
import { meterOwners } from '../meter/options';

/** The options of the server and its devices; each feature area's are in AreaOptions (areas.ts). */
export interface CompanionOptions extends AreaOptions {
  /** The device to front, e.g. http://192.168.1.50; undefined: the demo's virtual DTU. */
  deviceUrl: URL | undefined;
  /** Every device given; two or more make a plant (each under /dtu/NAME/). */
  devices: DeviceEntry[];
  port: number;
  host: string;
  /** History database, push buffer and, in the demo, the virtual DTU's own folder. */
  dataDir: string;
  /** How the data folder was named (`--data`, `OPENDTU_DATA`, ...), for its errors. */
  dataLabel: string;
  webappDir: string;
  /** The device password for the server's own connections (never for browsers' requests). */
  password: string | undefined;
  influxUrl: URL | undefined;
  influxToken: string | undefined;
  /** Days raw samples are kept before only their 5-minute averages remain. */
  rawDays: number;
  logLevel: LogLevel;
  verbose: boolean;
  /** Options handed to the virtual DTU in the demo, as typed. */
  demoArgs: string[];
  /** The demo with two virtual DTUs as one plant (--plant). */
  demoPlant: boolean;
  /** How much faster than real time the demo's device clock runs (1 for a real device). */
  speed: number;
  /** `restore FILE`: the backup to put in place of the data folder's database. */
  restoreFile: string | undefined;
}

/** The port the server listens on without --port. */
export const DEFAULT_PORT = 8080;

export const USAGE = `Usage: opendtu-companion [options]
       opendtu-companion restore FILE [--data <dir>]   put a database backup in place
                      (with several devices, each keeps its own: --data <dir>/devices/NAME)
  --device <url>      the OpenDTU to serve, e.g. http://192.168.1.50 (required in the
                      installed server; in a checkout, without it a virtual DTU starts: the demo)
  --device <name=url> a device with a name (lower-case letters, digits, -), repeatable
                      (several in one value apart by spaces): with several, each device's
                      whole app is at /dtu/NAME/ and the plant (every device together) at /
  --port <n>          TCP port to listen on (default 8080)
  --host <addr>       address to bind (default 0.0.0.0: every network of this machine;
                      127.0.0.1 for this machine only)
  --data <dir>        where the history lives (default ./data)
  --webapp <dir>      the web app build to serve (default: the one that came with the server)
  --password <pw>     the device's admin password, for this server's own connections
                      (live data, clock); with named devices, for all of them
  --password <name=pw>  the password of the named device (repeatable), where they differ
  --influx-url <url>  also push every sample to this InfluxDB line-protocol write URL,
                      e.g. http://vm:8428/write or http://influx:8086/write?db=solar
  --influx-token <t>  token for InfluxDB 2/3 (Authorization: Token)
  --raw-days <n>      days raw samples are kept, then 5-minute averages (default 90)
${AREA_USAGE}
  --log-level <l>     error, warn, info or debug (default info)
  --verbose           log every request
  --config <file>     read options from this file: one "key = value" a line, keys are
                      the option names (device = http://192.168.1.50), # for comments
  --version           print the version
  --help              show this text
Every option can also be an environment variable: OPENDTU_ and its name in capitals,
- as _ (OPENDTU_DEVICE, OPENDTU_INFLUX_URL, OPENDTU_CONFIG). The command line wins
over the environment, the environment over the config file, the file over the defaults.
The virtual DTU of the demo takes its own options: --inverters, --time, --speed,
--push-interval, --firmware (see opendtu-emulator --help); --plant starts two virtual
DTUs as one plant (house: the demo's three inverters and its grid meter; barn: two more
on firmware v24.10.15), each at /dtu/NAME/ and the plant at /. With --device, --speed says
that device is a virtual DTU running that many times faster than real time.`;

/**
 * Where the web builds are: beside the compiled server in the installed package
 * (`<package>/web/`, next to `<package>/lib/server.mjs`), else in the checkout's apps/web.
 */
const WEB_ROOTS = ['../web/', '../../../web/'].map((path) => fileURLToPath(new URL(path, import.meta.url)));

/** The build with the companion's own screens when it exists, else the device bundle. */
export function defaultWebapp(webRoot = WEB_ROOTS.find((root) => existsSync(root)) ?? WEB_ROOTS[1]!): string {
  const companion = resolve(webRoot, 'dist-companion');
  return existsSync(resolve(companion, 'index.html.gz')) ? companion : resolve(webRoot, 'dist');
}

function numberOf(where: string, text: string, min: number, max: number, whole: boolean): number {
  const value = Number(text);
  if (
    text.trim() === '' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (whole && !Number.isInteger(value))
  )
    throw new ConfigError(
      `${where} must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}, got "${text}"`,
    );
  return value;
}

/** node:util's parse errors in one short line. */
function parseError(error: unknown): never {
  const { code, message } = error as { code?: string; message: string };
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    throw new ConfigError(`unknown option ${option} (see --help)`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    throw new ConfigError(`${option ?? 'an option'} needs a value (see --help)`);
  throw new ConfigError(message.split('\n')[0]!);
}

export interface CliContext {
  /** The folder relative paths on the command line and in the environment are taken from. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Whether the virtual DTU can be started here (a checkout); the installed server has none. */
  demo?: boolean;
}

/**
 * Reads the command line, the environment and the config file; throws a ConfigError whose
 * message is one line fit to show the user, naming the option as its author wrote it.
 */
export function parseCli(
  argv: string[],
  { cwd = process.cwd(), env = process.env, demo = true }: CliContext = {},
): CompanionOptions | 'help' | 'version' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(
          Object.entries(OPTIONS).map(([name, type]) => [
            name,
            type === 'list' ? { type: 'string', multiple: true } : { type },
          ]),
        ),
        config: { type: 'string' },
        help: { type: 'boolean' },
        version: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    parseError(error);
  }
  const { positionals } = parsed;
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values.help) return 'help';
  if (values.version) return 'version';
  const [command, restoreFile, ...extra] = positionals;
  if (command !== undefined && command !== 'restore')
    throw new ConfigError(`unknown command "${command}" (see --help)`);
  if (command === 'restore' && restoreFile === undefined) throw new ConfigError('restore needs a FILE');
  if (extra.length) throw new ConfigError(`unexpected argument "${extra[0]}"`);

  const flags = new Map<OptionName, Setting>();
  for (const name of Object.keys(OPTIONS) as OptionName[]) {
    const value = values[name];
    if (value !== undefined)
      flags.set(name, {
        value: Array.isArray(value) ? value.join(' ') : String(value),
        origin: { kind: 'flag' },
        ...(Array.isArray(value) ? { parts: value } : {}),
      });
  }
  const configFile =
    typeof values.config === 'string'
      ? resolve(cwd, values.config)
      : env.OPENDTU_CONFIG
        ? resolve(cwd, env.OPENDTU_CONFIG)
        : undefined;
  const settings = layer(configFile ? readConfigFile(configFile) : new Map(), readEnvironment(env), flags);
  const DEFAULT: Origin = { kind: 'default' };
  const get = (name: OptionName): Setting | undefined => settings.get(name);
  const where = (name: OptionName): string => label(name, get(name)?.origin ?? DEFAULT);
  const path = (name: OptionName, fallback: string): string => {
    const setting = get(name);
    return setting ? resolve(baseFolder(setting.origin, cwd), setting.value) : resolve(cwd, fallback);
  };

  const device = get('device');
  const demoArgs: string[] = [];
  for (const name of ['inverters', 'time', 'speed', 'push-interval', 'firmware'] as const) {
    const setting = get(name);
    if (setting === undefined) continue;
    // A device elsewhere may be a virtual DTU running fast: its speed is all we need to know.
    if (device !== undefined && name === 'speed') continue;
    if (device !== undefined)
      throw new ConfigError(`${where(name)} is an option of the virtual DTU: not with a device`);
    demoArgs.push(`--${name}`, setting.value);
  }
  if (device !== undefined && get('plant')?.value === 'true')
    throw new ConfigError(`${where('plant')} is the demo's plant of virtual DTUs: not with a device`);
  if (device === undefined && !demo && command !== 'restore') {
    throw new ConfigError(
      '--device is required: the OpenDTU to serve, e.g. --device http://192.168.1.50 or OPENDTU_DEVICE',
    );
  }
  const webapp = get('webapp');
  const webappDir = webapp === undefined ? defaultWebapp() : path('webapp', '');
  if (webapp !== undefined && !existsSync(join(webappDir, 'index.html.gz')))
    throw new ConfigError(`${where('webapp')} ${webappDir} holds no web app build (no index.html.gz)`);
  const logLevel = get('log-level')?.value ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    throw new ConfigError(`${where('log-level')} must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const text = (name: OptionName): string | undefined => get(name)?.value;
  const influxUrl = text('influx-url');
  const speed = text('speed');
  const devices = parseDevices(device, get('password'));
  const options: CompanionOptions = {
    deviceUrl: devices[0]?.url,
    devices,
    port: numberOf(where('port'), text('port') ?? String(DEFAULT_PORT), 0, 65535, true),
    host: text('host') ?? '0.0.0.0',
    dataDir: path('data', './data'),
    dataLabel: where('data'),
    webappDir,
    password: device === undefined ? plainPassword(get('password')) : devices[0]!.password,
    influxUrl: influxUrl === undefined ? undefined : httpUrl(where('influx-url'), influxUrl),
    influxToken: text('influx-token'),
    rawDays: numberOf(where('raw-days'), text('raw-days') ?? '90', 1, 36500, true),
    logLevel: logLevel as LogLevel,
    verbose: text('verbose') === 'true',
    demoArgs,
    demoPlant: text('plant') === 'true',
    speed: speed === undefined ? 1 : numberOf(where('speed'), speed, 0.001, 100000, false),
    restoreFile: command === 'restore' ? resolve(cwd, restoreFile!) : undefined,
    ...readAreas({
      where: where as (name: string) => string,
      text: text as (name: string) => string | undefined,
      path: path as (name: string, fallback: string) => string,
      numberOf,
    }),
  };
  // Each device's zero export is set in its own app (saved in its folder): one meter
  // cannot serve two DTUs' inverters through options meant for one.
  if (devices.length > 1)
    for (const name of ['control-meter', 'schedule'] as const)
      if (get(name))
        throw new ConfigError(
          `${where(name)} is for one device: with several, set zero export and schedules in each device's app (/dtu/NAME/control)`,
        );
  options.meters = meterOwners(
    where('meter'),
    options.meters,
    devices.map((entry) => entry.name),
  );
  return options;
}

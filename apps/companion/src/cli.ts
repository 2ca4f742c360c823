import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cliInteger, cliNumber } from '@opendtu/server-kit/cli-numbers';

export interface CompanionOptions {
  /** The device to front, e.g. http://192.168.1.50; undefined: the demo's virtual DTU. */
  deviceUrl: URL | undefined;
  port: number;
  host: string;
  /** History database, push buffer and, in the demo, the virtual DTU's own folder. */
  dataDir: string;
  webappDir: string;
  /** The device password for the server's own connections (never for browsers' requests). */
  password: string | undefined;
  influxUrl: URL | undefined;
  influxToken: string | undefined;
  verbose: boolean;
  /** Options handed to the virtual DTU in the demo, as typed. */
  demoArgs: string[];
  /** How much faster than real time the demo's device clock runs (1 for a real device). */
  speed: number;
}

export const USAGE = `Usage: opendtu-companion [options]
  --device <url>      the OpenDTU to serve, e.g. http://192.168.1.50; without it a
                      virtual DTU is started (the demo)
  --port <n>          TCP port to listen on (default 8080)
  --host <addr>       address to bind (default 0.0.0.0: every network of this machine;
                      127.0.0.1 for this machine only)
  --data <dir>        where the history lives (default ./data)
  --webapp <dir>      the web app build to serve (default apps/web/dist-companion when
                      built, else apps/web/dist)
  --password <pw>     the device's admin password, for this server's own connections
                      (live data, clock); or the environment variable OPENDTU_PASSWORD
  --influx-url <url>  also push every sample to this InfluxDB line-protocol write URL,
                      e.g. http://vm:8428/write or http://influx:8086/write?db=solar
  --influx-token <t>  token for InfluxDB 2/3 (Authorization: Token)
  --verbose           log every request
  --help              show this text
The virtual DTU of the demo takes its own options: --inverters, --time, --speed,
--push-interval, --firmware (see opendtu-emulator --help). With --device, --speed says
that device is a virtual DTU running that many times faster than real time.`;

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));

/** The build with the companion's own screens when it exists, else the device bundle. */
export function defaultWebapp(webRoot = WEB): string {
  const companion = resolve(webRoot, 'dist-companion');
  return existsSync(resolve(companion, 'index.html.gz')) ? companion : resolve(webRoot, 'dist');
}

function httpUrl(name: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    throw new Error(`--${name} must be a URL such as http://192.168.1.50, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--${name} must be an http:// or https:// URL, got "${text}"`);
  }
  return url;
}

/** The device's base URL; paths are resolved against it, so it ends with a slash. */
function deviceUrl(text: string): URL {
  const url = httpUrl('device', text);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

/** Parses the command line; throws an Error whose message is fit to show the user. */
export function parseCli(
  argv: string[],
  cwd = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): CompanionOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      device: { type: 'string' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '0.0.0.0' },
      data: { type: 'string', default: './data' },
      webapp: { type: 'string' },
      password: { type: 'string' },
      'influx-url': { type: 'string' },
      'influx-token': { type: 'string' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      // The virtual DTU's options, checked by it; only meaningful in the demo.
      inverters: { type: 'string' },
      time: { type: 'string' },
      speed: { type: 'string' },
      'push-interval': { type: 'string' },
      firmware: { type: 'string' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const demoArgs: string[] = [];
  for (const name of ['inverters', 'time', 'speed', 'push-interval', 'firmware'] as const) {
    const value = values[name];
    if (value === undefined) continue;
    // A device elsewhere may be a virtual DTU running fast: its speed is all we need to know.
    if (values.device !== undefined && name === 'speed') continue;
    if (values.device !== undefined) {
      throw new Error(`--${name} is an option of the virtual DTU: not with --device`);
    }
    demoArgs.push(`--${name}`, value);
  }
  return {
    deviceUrl: values.device === undefined ? undefined : deviceUrl(values.device),
    port: cliInteger('port', values.port, 0, 65535),
    host: values.host,
    dataDir: resolve(cwd, values.data),
    webappDir: values.webapp === undefined ? defaultWebapp() : resolve(cwd, values.webapp),
    password: values.password ?? (env.OPENDTU_PASSWORD || undefined),
    influxUrl: values['influx-url'] === undefined ? undefined : httpUrl('influx-url', values['influx-url']),
    influxToken: values['influx-token'],
    verbose: values.verbose,
    demoArgs,
    speed: values.speed === undefined ? 1 : cliNumber('speed', values.speed, 0.001, 100000),
  };
}

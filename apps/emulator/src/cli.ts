import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export interface CliOptions {
  port: number;
  host: string;
  dataDir: string;
  webappDir: string;
  speed: number;
  start: number | undefined;
  verbose: boolean;
}

export const USAGE = `Usage: opendtu-emulator [options]
  --port <n>       TCP port to listen on (default 8080; 0 picks a free one)
  --host <addr>    address to bind (default 127.0.0.1; 0.0.0.0 for the whole network)
  --data <dir>     the device's file system: config.json and uploads (default ./data)
  --webapp <dir>   serve this web bundle folder instead of ours (the six device files)
  --speed <n>      run the simulated clock n times faster than real time (default 1)
  --time <iso>     start the simulated clock at this moment, e.g. 2026-06-21T12:00
  --verbose        log every request
  --help           show this text`;

const DEFAULT_WEBAPP = fileURLToPath(new URL('../../web/dist', import.meta.url));

function number(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`--${name} must be a number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

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
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  let start: number | undefined;
  if (values.time !== undefined) {
    start = Date.parse(values.time);
    if (Number.isNaN(start)) throw new Error(`--time must be an ISO date-time, got "${values.time}"`);
  }
  return {
    port: number('port', values.port, 0, 65535),
    host: values.host,
    dataDir: resolve(cwd, values.data),
    webappDir: values.webapp === undefined ? DEFAULT_WEBAPP : resolve(cwd, values.webapp),
    speed: number('speed', values.speed, 0.001, 100000),
    start,
    verbose: values.verbose,
  };
}

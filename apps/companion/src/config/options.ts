/**
 * Where each option's value comes from. A service is configured without a command line:
 * every option can also be an environment variable (OPENDTU_ and the option's name in
 * capitals, `-` as `_`: OPENDTU_INFLUX_URL) or a line of a config file (`key = value`,
 * the option's name as key). The command line wins over the environment, the environment
 * over the file, the file over the defaults. A value remembers where it came from, so a
 * wrong one is reported in the words its author used (`--port`, `OPENDTU_PORT`, or the
 * file and line).
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AREA_OPTIONS } from './areas';
import { ConfigError } from './config-error';

/** A list is a string that may be given several times on the command line (joined by spaces). */
export type OptionKind = 'string' | 'boolean' | 'list';

/** Options the command line, the environment and the config file all know. */
export const OPTIONS = {
  device: 'list', // several devices (config/devices.ts)
  port: 'string',
  host: 'string',
  data: 'string',
  webapp: 'string',
  password: 'list', // a password per device
  'influx-url': 'string',
  'influx-token': 'string',
  'raw-days': 'string',
  'log-level': 'string',
  ...AREA_OPTIONS,
  verbose: 'boolean',
  // The virtual DTU's, in the demo; --speed also with --device.
  plant: 'boolean',
  inverters: 'string',
  time: 'string',
  speed: 'string',
  'push-interval': 'string',
  firmware: 'string',
} as const satisfies Record<string, OptionKind>;

export type OptionName = keyof typeof OPTIONS;

export const envName = (name: string): string => `OPENDTU_${name.toUpperCase().replace(/-/g, '_')}`;

export type Origin =
  { kind: 'flag' } | { kind: 'env' } | { kind: 'file'; file: string; line: number } | { kind: 'default' };

export interface Setting {
  /** Strings as typed; booleans as 'true' or 'false'. */
  value: string;
  origin: Origin;
  /**
   * A list given on the command line: each value as typed (`value` joins them with
   * spaces), for a list whose values may hold spaces themselves (passwords).
   */
  parts?: string[];
}

/** The option as its author wrote it: `--port`, `OPENDTU_PORT`, `port (file line 3)`. */
export function label(name: string, origin: Origin): string {
  switch (origin.kind) {
    case 'env':
      return envName(name);
    case 'file':
      return `${name} (${origin.file} line ${origin.line})`;
    default:
      return `--${name}`;
  }
}

/** Paths in a config file are relative to its folder; elsewhere to the working folder. */
export function baseFolder(origin: Origin, cwd: string): string {
  return origin.kind === 'file' ? dirname(origin.file) : cwd;
}

const TRUE = ['true', 'yes', 'on', '1'];
const FALSE = ['false', 'no', 'off', '0'];

function booleanOf(text: string, where: string): string {
  const value = text.trim().toLowerCase();
  if (TRUE.includes(value)) return 'true';
  if (FALSE.includes(value)) return 'false';
  throw new ConfigError(`${where} must be true or false, got "${text}"`);
}

const isOption = (name: string): name is OptionName => Object.hasOwn(OPTIONS, name);

/**
 * Reads a config file: one `key = value` a line, `#` starts a comment line, a value may
 * stand in double or single quotes (kept as they are inside). Unknown and repeated keys
 * are errors: a typo must not be silently ignored on a machine nobody watches.
 */
export function readConfigFile(file: string): Map<OptionName, Setting> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read the config file ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
  const settings = new Map<OptionName, Setting>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const at = `${file} line ${index + 1}`;
    const equals = line.indexOf('=');
    if (equals < 0) throw new ConfigError(`${at}: expected "key = value", got "${line}"`);
    const key = line.slice(0, equals).trim();
    let value = line.slice(equals + 1).trim();
    if (!isOption(key)) throw new ConfigError(`${at}: unknown key "${key}"`);
    if (settings.has(key)) throw new ConfigError(`${at}: "${key}" is set twice`);
    const quoted = /^(["'])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    const origin: Origin = { kind: 'file', file, line: index + 1 };
    if (OPTIONS[key] === 'boolean') value = booleanOf(value, label(key, origin));
    settings.set(key, { value, origin });
  });
  return settings;
}

/** The environment's settings (an empty variable counts as not set). */
export function readEnvironment(env: NodeJS.ProcessEnv): Map<OptionName, Setting> {
  const settings = new Map<OptionName, Setting>();
  for (const name of Object.keys(OPTIONS) as OptionName[]) {
    const value = env[envName(name)];
    if (value === undefined || value === '') continue;
    const origin: Origin = { kind: 'env' };
    settings.set(name, {
      value: OPTIONS[name] === 'boolean' ? booleanOf(value, envName(name)) : value,
      origin,
    });
  }
  return settings;
}

/** Layers the sources: command line over environment over file. */
export function layer(...sources: Map<OptionName, Setting>[]): Map<OptionName, Setting> {
  const merged = new Map<OptionName, Setting>();
  for (const source of sources) for (const [name, setting] of source) merged.set(name, setting);
  return merged;
}

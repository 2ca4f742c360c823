/**
 * The devices a companion fronts (issue 33), read from the `device` and `password`
 * settings: settings in, entries out, or a ConfigError naming the option as its author
 * wrote it. Pure, so every rule here is a unit test.
 *
 * `--device http://x` is today's form: one device, named DEFAULT_DEVICE_NAME, and its
 * password is the `--password` value whole, whatever it holds. `--device garage=http://x`
 * names a device; several devices must each have a name. On the command line the option is
 * repeated; in the environment and the config file (one line per key) the entries stand in
 * one value apart by spaces, as `alert-url`'s do.
 */
import { ConfigError } from './config-error';
import { label, type Setting } from './options';
import { deviceUrl } from './urls';

export interface DeviceEntry {
  /** URL-safe and unique: it may become part of paths and file names. */
  name: string;
  /** The base URL, ending with a slash. */
  url: URL;
  /** The admin password for this server's own connections; absent: none given. */
  password?: string;
}

/** The name of a device given without one (the single-device form). */
export const DEFAULT_DEVICE_NAME = 'dtu';

const NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;
const NAME_RULE = 'lower-case letters, digits and -, starting with a letter or digit, at most 32 characters';

/**
 * `name=url` when what stands before the first `=` cannot belong to a URL (no `:` or `/`);
 * `http://x/?a=b` stays a URL without a name.
 */
const NAMED_DEVICE = /^([^=:/]*)=(.*)$/s;

interface Given {
  name: string | undefined;
  text: string;
}

function readDevice(where: string, entry: string): Given {
  const named = NAMED_DEVICE.exec(entry);
  if (!named) return { name: undefined, text: entry };
  const [, name = '', text = ''] = named;
  if (!NAME.test(name))
    throw new ConfigError(
      `${where}: "${name}" is not a device name (${entry}); use ${NAME_RULE}, e.g. garage=http://192.168.1.50`,
    );
  if (text === '') throw new ConfigError(`${where}: ${name}= needs the device's URL after the =`);
  return { name, text };
}

/**
 * The devices, each with its password; none when `device` is not set (the demo). Several
 * are all checked here, though this release serves one (cli.ts says so).
 */
export function parseDevices(device: Setting | undefined, password: Setting | undefined): DeviceEntry[] {
  if (device === undefined) return [];
  const where = label('device', device.origin);
  const given = (device.parts ?? [device.value])
    .flatMap((part) => part.split(/\s+/))
    .filter((entry) => entry !== '')
    .map((entry) => readDevice(where, entry));
  if (given.length === 0)
    throw new ConfigError(`${where} is empty: give the device's URL, e.g. http://192.168.1.50`);
  const named = given.some((entry) => entry.name !== undefined);
  if (given.length > 1 || named) {
    const nameless = given.find((entry) => entry.name === undefined);
    if (nameless)
      throw new ConfigError(
        `${where}: ${nameless.text} has no name; with several devices each needs one, as name=url (garage=http://192.168.1.50)`,
      );
  }
  const devices: DeviceEntry[] = [];
  for (const { name = DEFAULT_DEVICE_NAME, text } of given) {
    const url = deviceUrl(named ? `${where} ${name}` : where, text);
    // Names are lower-case by rule, so this is also the case-insensitive comparison.
    if (devices.some((other) => other.name === name))
      throw new ConfigError(`${where}: the name ${name} is given to two devices; each needs its own`);
    const same = devices.find((other) => other.url.href === url.href);
    if (same)
      throw new ConfigError(
        `${where}: ${same.name} and ${name} are the same device (${url.href}); give each device once`,
      );
    devices.push({ name, url });
  }
  if (password !== undefined) {
    const passwords = named ? namedPasswords(password, devices) : [plainPassword(password)!];
    devices.forEach((entry, index) => {
      const own = passwords[index];
      if (own !== undefined) entry.password = own;
    });
  }
  return devices;
}

/**
 * The password as it was before devices had names: the value whole. Given several times
 * on the command line the last counts, as for any option that is given once.
 */
export function plainPassword(setting: Setting | undefined): string | undefined {
  return setting && (setting.parts?.at(-1) ?? setting.value);
}

/** Where the next entry of a password value starts: spaces, then a word and `=`. */
const ENTRY_START = /\s+(?=[A-Za-z0-9][\w-]*=)/;
const ENTRY = /^\s*([A-Za-z0-9][\w-]*)=(.*)$/s;

/**
 * With named devices a password value holds entries: `name=pw` is that device's password,
 * a value without one is every other device's. An entry starts at the value's start or
 * after spaces with a word and `=`; such a word must be a device's name, so a typo is an
 * error rather than a wrong password sent for years. The price: a password for every device
 * that itself begins with a word and `=` is given to each device by name (`garage=a=b`,
 * the first `=` after the name splits), and one with spaces then a word and `=` inside
 * cannot be given. Messages never quote a password, nor the word that might begin one.
 */
function namedPasswords(setting: Setting, devices: DeviceEntry[]): (string | undefined)[] {
  const where = label('password', setting.origin);
  const names = devices.map((entry) => entry.name);
  const own = new Map<string, string>();
  let shared: string | undefined;
  for (const part of setting.parts ?? [setting.value]) {
    for (const entry of part.split(ENTRY_START)) {
      const match = ENTRY.exec(entry);
      if (!match) {
        if (entry.trim() === '') continue;
        if (shared !== undefined)
          throw new ConfigError(`${where}: the password for every device is given twice`);
        shared = entry;
        continue;
      }
      const [, name = '', password = ''] = match;
      if (!names.includes(name))
        throw new ConfigError(
          `${where}: a password is given for a device that does not exist (the devices are ${names.join(', ')}); name=password is one device's, a password alone every device's`,
        );
      if (own.has(name)) throw new ConfigError(`${where}: the password of ${name} is given twice`);
      if (password === '') throw new ConfigError(`${where}: ${name}= needs the password after the =`);
      own.set(name, password);
    }
  }
  return names.map((name) => own.get(name) ?? shared);
}

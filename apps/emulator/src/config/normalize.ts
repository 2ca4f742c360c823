import { truncateBytes } from './fixed-strings';

/** Keys the firmware holds as floats; every other number in config.json is an integer. */
const FLOAT_KEYS = new Set(['latitude', 'longitude', 'yield_total_offset']);

/** Buffer sizes of the firmware's strings (contract §7.2, §14): longer texts are cut on load. */
const STRING_LIMITS: Readonly<Record<string, number>> = {
  'wifi.ssid': 32,
  'wifi.password': 64,
  'wifi.hostname': 31,
  'syslog.hostname': 128,
  'logging.modules[].name': 32,
  'ntp.server': 31,
  'ntp.timezone': 50,
  'ntp.timezone_descr': 50,
  'mqtt.hostname': 128,
  'mqtt.clientid': 64,
  'mqtt.username': 64,
  'mqtt.password': 64,
  'mqtt.topic': 32,
  'mqtt.lwt.topic': 32,
  'mqtt.lwt.value_online': 20,
  'mqtt.lwt.value_offline': 20,
  'mqtt.tls.root_ca_cert': 2560,
  'mqtt.tls.client_cert': 2560,
  'mqtt.tls.client_key': 2560,
  'mqtt.hass.topic': 32,
  'security.password': 64,
  'device.pinmapping': 63,
  'device.display.locale': 2,
  'inverters[].name': 31,
  'inverters[].channel[].name': 30,
};

/** A float read back as the device's 32-bit float, printed with 7 significant digits. */
const asFloat32 = (value: number): number => Number(Math.fround(value).toPrecision(7));

/**
 * Reads a parsed config.json the way the firmware does (`value | default`): every key of
 * the default layout takes the stored value when it has the right type, and the default
 * otherwise (missing, wrong type, a fraction where an integer belongs). Arrays keep the
 * defaults' length; texts are cut to their buffer size; keys the layout does not know are
 * dropped.
 */
export function normalizeLike<T>(defaults: T, stored: unknown, path = ''): T {
  if (Array.isArray(defaults)) {
    const list = Array.isArray(stored) ? stored : [];
    return defaults.map((item, index) => normalizeLike(item, list[index], `${path}[]`)) as T;
  }
  if (defaults !== null && typeof defaults === 'object') {
    const source = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(defaults)) {
      const child = path === '' ? key : `${path}.${key}`;
      result[key] = normalizeLike(value, (source as Record<string, unknown>)[key], child);
    }
    return result as T;
  }
  if (typeof defaults === 'number') {
    if (typeof stored !== 'number' || !Number.isFinite(stored)) return defaults;
    const key = path.slice(path.lastIndexOf('.') + 1);
    if (FLOAT_KEYS.has(key)) return asFloat32(stored) as T;
    return (Number.isInteger(stored) ? stored : defaults) as T;
  }
  if (typeof defaults === 'string') {
    if (typeof stored !== 'string') return defaults;
    const limit = STRING_LIMITS[path];
    return (limit === undefined ? stored : truncateBytes(stored, limit)) as T;
  }
  return (typeof stored === typeof defaults ? stored : defaults) as T;
}

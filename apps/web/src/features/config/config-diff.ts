// What a restore of config.json would change, section by section, so nobody restores a
// file from another device without seeing it first.

export interface ConfigChange {
  /** Path inside the section, e.g. `lwt.topic` or `3.name` (inverter slot 3). */
  path: string;
  before?: string;
  after?: string;
}

export interface SectionChanges {
  section: string;
  changes: ConfigChange[];
}

/** Sections of config.json that decide whether the device stays reachable on the network. */
export const NETWORK_SECTIONS = ['wifi', 'mdns'];

/** The write counter and version change on every save: not a setting anybody restores. */
const IGNORED_SECTIONS = new Set(['cfg']);

const SECRET = /password|client_key/i;
export const MASK = '••••••';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, value);
  return out;
}

function show(path: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (SECRET.test(path)) return MASK;
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/** Changed, added and removed values of every section, in the order of the file. */
export function diffConfig(current: unknown, next: unknown): SectionChanges[] {
  const before = isObject(current) ? current : {};
  const after = isObject(next) ? next : {};
  const sections = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const result: SectionChanges[] = [];
  for (const section of sections) {
    if (IGNORED_SECTIONS.has(section)) continue;
    const old = flatten(before[section], '', new Map());
    const now = flatten(after[section], '', new Map());
    const changes: ConfigChange[] = [];
    for (const path of new Set([...now.keys(), ...old.keys()])) {
      if (Object.is(old.get(path), now.get(path))) continue;
      const full = path ? `${section}.${path}` : section;
      // A changed secret is listed, but never its value.
      changes.push({
        path: path || section,
        before: show(full, old.get(path)),
        after: show(full, now.get(path)),
      });
    }
    if (changes.length > 0) result.push({ section, changes });
  }
  return result;
}

/** The restored file with the device's current network sections kept. */
export function keepNetworkSettings(next: Json, current: unknown): Json {
  const kept = { ...next };
  for (const section of NETWORK_SECTIONS) {
    const value = isObject(current) ? current[section] : undefined;
    if (value === undefined) delete kept[section];
    else kept[section] = value;
  }
  return kept;
}

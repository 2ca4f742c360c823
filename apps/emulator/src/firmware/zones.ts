/**
 * The time-zone table firmware v26.3.28 carries (MycilaNTP): zone name -> POSIX TZ, served
 * as GET /api/ntp/zones and used to resolve the zone name the NTP settings store. The
 * names and rules are the repository's generated list (the web bundle's zones.json, from
 * tzdata), with the four rules where the firmware's library differs from it.
 */
import { readFileSync } from 'node:fs';

const ZONES_FILE = new URL('../../../web/public/zones.json', import.meta.url);

const LIBRARY_RULES: Readonly<Record<string, string>> = {
  'America/Scoresbysund': '<-01>1<+00>,M3.5.0/0,M10.5.0/1',
  'Antarctica/Casey': '<+11>-11',
  'Antarctica/Vostok': '<+06>-6',
  'Asia/Almaty': '<+06>-6',
};

let zones: Readonly<Record<string, string>> | undefined;

export function firmwareZones(): Readonly<Record<string, string>> {
  zones ??= { ...(JSON.parse(readFileSync(ZONES_FILE, 'utf8')) as Record<string, string>), ...LIBRARY_RULES };
  return zones;
}

/**
 * The library's lookup: the first zone whose name ends with `name` (it searches its
 * table for `name=`), so "Berlin" finds "Europe/Berlin"; undefined when none does.
 */
export function resolveZone(name: string): string | undefined {
  if (!name) return undefined;
  const table = firmwareZones();
  const key = Object.keys(table).find((zone) => zone.endsWith(name));
  return key === undefined ? undefined : table[key];
}

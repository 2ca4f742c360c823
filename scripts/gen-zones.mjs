// Generates apps/web/public/zones.json: IANA zone name -> POSIX TZ string, the format the
// device's NTP page uses. The POSIX string is the footer of each TZif file (the text
// between the last two newlines), so no time-zone rules are re-implemented here.
// Zones: every entry of zone.tab (one per populated region) plus the Etc/ fixed offsets.
// Run: node scripts/gen-zones.mjs [zoneinfo dir]. The output is committed, so builds do
// not depend on the machine's tzdata.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The POSIX TZ string a TZif file ends with.
 * @param {string} zoneinfo
 * @param {string} name
 */
export function posixFooter(zoneinfo, name) {
  const text = readFileSync(join(zoneinfo, name)).toString('latin1');
  const end = text.lastIndexOf('\n');
  const start = text.lastIndexOf('\n', end - 1);
  if (start < 0 || end <= start) throw new Error(`${name}: no TZif footer`);
  return text.slice(start + 1, end);
}

/**
 * Every zone of zone.tab and Etc/, sorted by name, with its POSIX string.
 * @param {string} zoneinfo
 * @returns {Record<string, string>}
 */
export function buildZones(zoneinfo) {
  const names = new Set(
    readFileSync(join(zoneinfo, 'zone.tab'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split('\t')[2])
      .filter((name) => name !== undefined),
  );
  for (const file of readdirSync(join(zoneinfo, 'Etc'))) names.add(`Etc/${file}`);
  /** @type {Record<string, string>} */
  const zones = {};
  for (const name of [...names].sort()) {
    const footer = posixFooter(zoneinfo, name);
    if (footer) zones[name] = footer;
  }
  return zones;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const zoneinfo = process.argv[2] ?? '/usr/share/zoneinfo';
  const zones = buildZones(zoneinfo);
  writeFileSync(new URL('../apps/web/public/zones.json', import.meta.url), JSON.stringify(zones) + '\n');
  console.log(`zones.json: ${Object.keys(zones).length} zones from ${zoneinfo}`);
}

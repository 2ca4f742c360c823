// Generates apps/web/public/zones.json: IANA zone name -> POSIX TZ string, the format the
// device's NTP page uses. The POSIX string is the footer of each TZif file (the text
// between the last two newlines), so no time-zone rules are re-implemented here.
// Zones: every entry of zone.tab (one per populated region) plus the Etc/ fixed offsets.
// Run: node scripts/gen-zones.mjs [zoneinfo dir]. The output is committed, so builds do
// not depend on the machine's tzdata.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const zoneinfo = process.argv[2] ?? '/usr/share/zoneinfo';
const output = new URL('../apps/web/public/zones.json', import.meta.url);

/** @param {string} name */
export function posixFooter(name) {
  const bytes = readFileSync(join(zoneinfo, name));
  const text = bytes.toString('latin1');
  const end = text.lastIndexOf('\n');
  const start = text.lastIndexOf('\n', end - 1);
  if (start < 0 || end <= start) throw new Error(`${name}: no TZif footer`);
  return text.slice(start + 1, end);
}

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
  const footer = posixFooter(name);
  if (footer) zones[name] = footer;
}
writeFileSync(output, JSON.stringify(zones, null, 0) + '\n');
console.log(`zones.json: ${Object.keys(zones).length} zones from ${zoneinfo}`);

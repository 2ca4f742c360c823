// Prints the size of every file of the built web bundle (what goes into device flash)
// and compares js/app.js.gz with the reference firmware's.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** js/app.js.gz of the original web app in OpenDTU v25.4.10. */
const REFERENCE_APP_JS_GZ = 194_149;
/** The project's goal with every screen, React 19 and en/de/fr inside: 0.6 x the reference. */
const GOAL_APP_JS_GZ = 116_000;

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const rows: [string, number][] = [];
for (const entry of await readdir(dist, { recursive: true })) {
  const info = await stat(join(dist, entry));
  if (info.isFile()) rows.push([entry.split('\\').join('/'), info.size]);
}
rows.sort(([a], [b]) => a.localeCompare(b));
const total = rows.reduce((sum, [, size]) => sum + size, 0);
const width = Math.max(...rows.map(([name]) => name.length), 'total'.length);
const fmt = (n: number): string => n.toLocaleString('en-US').padStart(9);

console.log(`Web bundle (${dist}), bytes as stored in flash:`);
for (const [name, size] of rows) console.log(`  ${name.padEnd(width)} ${fmt(size)}`);
console.log(`  ${'total'.padEnd(width)} ${fmt(total)}`);
const app = rows.find(([name]) => name === 'js/app.js.gz')?.[1] ?? 0;
console.log(
  `js/app.js.gz is ${((app / REFERENCE_APP_JS_GZ) * 100).toFixed(1)}% of the reference firmware's ` +
    `${REFERENCE_APP_JS_GZ.toLocaleString('en-US')} bytes (${(REFERENCE_APP_JS_GZ / app).toFixed(2)}x smaller)`,
);
console.log(
  `goal: at most ${GOAL_APP_JS_GZ.toLocaleString('en-US')} bytes with every screen: ` +
    (app <= GOAL_APP_JS_GZ
      ? `met, ${(GOAL_APP_JS_GZ - app).toLocaleString('en-US')} bytes to spare`
      : `${(app - GOAL_APP_JS_GZ).toLocaleString('en-US')} bytes over`),
);

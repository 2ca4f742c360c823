// The companion server as `npm run pack` builds it (apps/companion/build/server-build.mjs:
// lib/server.mjs and its chunks, the npm dependencies left as imports, mqtt.js, nodemailer
// and modbus-serial compiled in). It is written below this checkout's node_modules so those
// imports resolve as in the installed package, in the package's layout (lib/server.mjs,
// package.json beside lib/: the server reads its version there), and run with plain node:
// no tsx, no TypeScript at run time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { buildServer } from '../../apps/companion/build/server-build.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CACHE = join(ROOT, 'node_modules', '.cache', 'opendtu-bench');

/** Builds the server and answers the path of its main file. */
export async function buildCompanion(): Promise<string> {
  const manifest = (await import('../../apps/companion/package.json', { with: { type: 'json' } }))
    .default as { version: string };
  const outDir = join(CACHE, 'companion');
  mkdirSync(outDir, { recursive: true });
  const installed = { name: 'opendtu-companion', version: manifest.version, type: 'module' };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(installed, null, 2)}\n`);
  await buildServer(join(outDir, 'lib'));
  return join(outDir, 'lib', 'server.mjs');
}

// The companion server as `npm run pack` builds it (apps/companion/build/server-build.mjs:
// lib/server.mjs and its chunks, the npm dependencies left as imports, mqtt.js, nodemailer
// and modbus-serial compiled in). It is written below this checkout's node_modules so those
// imports resolve as in the installed package, in the package's layout (lib/server.mjs,
// package.json beside lib/: the server reads its version there), and run with plain node:
// no tsx, no TypeScript at run time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { launchProcess, type LaunchedProcess } from '@opendtu/server-kit/launch-process';
import { buildServer, NODE_ENVIRONMENT } from '../../apps/companion/build/server-build.mjs';
import { OUR_BUNDLE } from './bundles';

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

/**
 * The built server (`server`, from buildCompanion) run by node with `nodeFlags` and, in its
 * environment, `nodeEnvironment` (by default what the installed file's first line gives it),
 * serving our bundle on a free port of 127.0.0.1, once it listens; `args` are its further options.
 */
export function launchBuiltCompanion(
  server: string,
  nodeFlags: string[],
  args: string[],
  startTimeoutMs = 120_000,
  nodeEnvironment: Record<string, string> = NODE_ENVIRONMENT,
): Promise<LaunchedProcess> {
  return launchProcess({
    name: 'companion',
    args: [...nodeFlags, server, '--port', '0', '--host', '127.0.0.1', '--webapp', OUR_BUNDLE.dir, ...args],
    env: { ...process.env, ...nodeEnvironment },
    startTimeoutMs,
  });
}

// The companion server as `npm run pack` builds it: src/server.ts compiled by esbuild into
// one JavaScript file, the npm dependencies left as imports. It is written below this
// checkout's node_modules so those imports resolve as in the installed package, in the
// package's layout (lib/server.mjs, package.json beside lib/: the server reads its version
// there), and run with plain node: no tsx, no TypeScript at run time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const COMPANION = join(ROOT, 'apps', 'companion');
export const CACHE = join(ROOT, 'node_modules', '.cache', 'opendtu-bench');

/** Builds the server and answers the path of its one file. */
export async function buildCompanion(): Promise<string> {
  const manifest = (await import('../../apps/companion/package.json', { with: { type: 'json' } }))
    .default as {
    version: string;
    dependencies: Record<string, string>;
  };
  const { dependencies } = manifest;
  const external = Object.keys(dependencies)
    .filter((name) => !name.startsWith('@opendtu/') && name !== 'tsx')
    .flatMap((name) => [name, `${name}/*`]);
  const outDir = join(CACHE, 'companion');
  mkdirSync(join(outDir, 'lib'), { recursive: true });
  const outfile = join(outDir, 'lib', 'server.mjs');
  const installed = { name: 'opendtu-companion', version: manifest.version, type: 'module' };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(installed, null, 2)}\n`);
  await build({
    entryPoints: [join(COMPANION, 'src', 'server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(COMPANION, 'tsconfig.json'),
    external,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return outfile;
}

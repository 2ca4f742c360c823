// The companion server compiled as it is installed: src/server.ts and the workspace packages
// bundled by esbuild into lib/server.mjs, the npm run-time dependencies left as imports
// (except those compiled in, INLINED), the node flags in its first line. `npm run pack`
// ships this; `npm run bench` measures this same build, so its figures are the installed
// server's.
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ON_FIRST_USE, standIns } from './stand-ins.mjs';

export { ON_FIRST_USE };

const COMPANION = fileURLToPath(new URL('..', import.meta.url));

/**
 * How node runs the server (docs/internals/benchmarks.md#companion-history has each
 * flag's share): a young heap of 1 MB semi-spaces instead of
 * up to 16, about 10 MB less for a server that allocates little per frame; one V8 helper
 * thread instead of one per core, each with its own allocation buffers, about 2 MB less; no
 * optimising JavaScript compiler (TurboFan), about 6 MB less for a server whose work is
 * SQLite's WebAssembly and native JSON, and no figure of the bench slower; V8's heap grown
 * in smaller steps (--optimize-for-size): the most over a 17-minute simulated week 75 and
 * 76 MB instead of 81 and 82 (two runs each). Only a flag given to node at start sizes the
 * heap, so they are in the file's first line, which the npm bin link and systemd's
 * ExecStart both go through (env -S: coreutils 8.30, Debian 10), with NODE_ENVIRONMENT.
 */
export const NODE_FLAGS = ['--max-semi-space-size=1', '--v8-pool-size=1', '--no-opt', '--optimize-for-size'];

/**
 * What the same first line puts in node's environment: glibc's malloc keeps its threshold
 * for giving a large block a mapping of its own at the default, 128 KiB (mallopt(3);
 * another C library ignores it). Left to itself, glibc raises that threshold to the size of
 * each such block freed, up to 32 MB (and gives back the heap's free top only past twice
 * that): blocks of that size then come from the C heap, where the pages they leave free stay
 * with the process. The C heap held 6.2 MB instead of 4.7 with 10 inverters at a frame a
 * second (docs/internals/benchmarks.md#companion-memory).
 */
export const NODE_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** The command of the installed file's first line (after `#!/usr/bin/env -S`) and of `npm start`. */
export const NODE_COMMAND = [
  ...Object.entries(NODE_ENVIRONMENT).map(([name, value]) => `${name}=${value}`),
  'node',
  ...NODE_FLAGS,
].join(' ');

/**
 * Packages compiled into the server rather than shipped as folders: plain JavaScript that
 * npm ships with types, tests and browser builds (mqtt and nodemailer are 38 packages and
 * about 20 MB installed, some 300 KB gzipped when bundled); modbus-serial's TCP server (one
 * file and `debug`): shipped as a folder, it would bring its optional serial-port package
 * (3 MB, native). Each is loaded only when a channel, a meter or --modbus needs it, from a
 * file of its own (below), so a server that does not never reads its code. Fastify, its
 * socket plugin and ws, compiled in, are one file where they were about 170, and the Node
 * modules they load for what the companion does not do wait for a first use (stand-ins.mjs).
 */
export const INLINED = new Set([
  'mqtt',
  'nodemailer',
  'modbus-serial',
  '@fastify/http-proxy',
  'fastify',
  '@fastify/websocket',
  'ws',
]);

/**
 * What Fastify, compiled in, loads only on demand (pino for --verbose, light-my-request for
 * inject, the schema compilers of src/schema-compilers.ts) stays a package of its own, which
 * the companion declares at Fastify's own range: it must be the very copy Fastify would load.
 */
function checkFastifyOnDemand(dependencies) {
  const ours = createRequire(join(COMPANION, 'package.json'));
  const fastifyManifest = ours.resolve('fastify/package.json');
  const fastifys = createRequire(fastifyManifest);
  const wanted = JSON.parse(readFileSync(fastifyManifest, 'utf8')).dependencies;
  for (const name of Object.keys(dependencies).filter((name) => name in wanted)) {
    const same = ours.resolve(`${name}/package.json`) === fastifys.resolve(`${name}/package.json`);
    if (dependencies[name] !== wanted[name] || !same)
      throw new Error(
        `${name}: the companion declares ${dependencies[name]}, Fastify asks for ${wanted[name]}${same ? '' : ' and gets another copy'}`,
      );
  }
}

/**
 * The entry's first line: how node runs the installed file (NODE_COMMAND through env -S).
 * Written into the source, so esbuild keeps it first and the source map counts it.
 */
const firstLine = {
  name: 'first-line',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]server\.ts$/ }, ({ path }) => ({
      contents: `#!/usr/bin/env -S ${NODE_COMMAND}\n${readFileSync(path, 'utf8')}`,
      loader: 'ts',
    }));
  },
};

/** The npm packages the built server imports at run time (the workspace's own are bundled, tsx is not needed). */
export function runtimeDependencies(manifest) {
  return Object.fromEntries(
    Object.entries(manifest.dependencies).filter(
      ([name]) => !name.startsWith('@opendtu/') && name !== 'tsx' && !INLINED.has(name),
    ),
  );
}

/**
 * Builds the server into `libDir`: server.mjs, and beside it in chunks/ the code it loads
 * only when needed (a dynamic import: mqtt.js, nodemailer, the Modbus server, the demo,
 * restore). Code split off that way is never read by a server that does not use it. Answers
 * the npm packages the build imports.
 */
export async function buildServer(libDir) {
  const manifest = JSON.parse(readFileSync(join(COMPANION, 'package.json'), 'utf8'));
  const dependencies = runtimeDependencies(manifest);
  checkFastifyOnDemand(dependencies);
  rmSync(libDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(COMPANION, 'src', 'server.ts')],
    outdir: libDir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(COMPANION, 'tsconfig.json'),
    external: Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]),
    // The inlined CommonJS packages call require() for Node's own modules: an ES module
    // has none, so each file makes one.
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
    plugins: [firstLine, standIns],
    // Its source is kept in memory for as long as the server runs, and so are the names in
    // it: minified, about 2 MB less with the packages compiled in (benchmarks.md#companion-memory).
    // A stack trace names the minified code; `node --enable-source-maps` reads the maps
    // beside it and names the sources.
    minify: true,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  chmodSync(join(libDir, 'server.mjs'), 0o755);
  const imported = new Set(
    Object.values(result.metafile.outputs)
      .flatMap((output) => output.imports)
      .filter(
        (entry) => entry.external && !entry.path.startsWith('node:') && !builtinModules.includes(entry.path),
      )
      .map((entry) =>
        entry.path
          .split('/')
          .slice(0, entry.path.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
  return { dependencies, imported };
}

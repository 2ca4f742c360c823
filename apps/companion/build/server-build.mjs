// The companion server compiled as it is installed: src/server.ts and the workspace packages
// bundled by esbuild into lib/server.mjs, the npm run-time dependencies left as imports
// (except those compiled in, INLINED), the node flags in its first line. `npm run pack`
// ships this; `npm run bench` measures this same build, so its figures are the installed
// server's.
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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
 * file of its own (below), so a server that does not never reads its code.
 */
export const INLINED = new Set(['mqtt', 'nodemailer', 'modbus-serial', '@fastify/http-proxy']);

/**
 * undici as @fastify/reply-from (the /api proxy's engine) sees it in the built server. It
 * requires undici when it is loaded, whatever its mode; the companion runs it in its `http`
 * mode (Node's own client, src/proxy/api-proxy.ts), which never touches it, and loading
 * undici would cost about 13 MB of memory (it brings Node's own copy of undici and http2
 * with it; docs/internals/benchmarks.md#companion-memory). So the proxy, compiled in, gets
 * this in its place, which says so should anything ever reach for it.
 */
const UNUSED_UNDICI = `module.exports = new Proxy({}, {
  get(_, name) {
    throw new Error('undici.' + String(name) + ': the /api proxy runs on node:http, the built server has no undici');
  },
});`;

/** Answers UNUSED_UNDICI for reply-from's require('undici'). */
const unusedUndici = {
  name: 'unused-undici',
  setup(build) {
    build.onResolve({ filter: /^undici$/ }, ({ importer }) =>
      /[\\/]@fastify[\\/]reply-from[\\/]/.test(importer)
        ? { path: 'undici', namespace: 'unused-undici' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'unused-undici' }, () => ({
      contents: UNUSED_UNDICI,
      loader: 'js',
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
    plugins: [unusedUndici],
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const server = join(libDir, 'server.mjs');
  writeFileSync(server, `#!/usr/bin/env -S ${NODE_COMMAND}\n${readFileSync(server, 'utf8')}`);
  chmodSync(server, 0o755);
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

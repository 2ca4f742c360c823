// What the build (server-build.mjs) puts in place of a module that a package compiled into
// the server requires: Node's modules it loads for what the companion does only when told,
// loaded at their first use instead; undici, which the proxy never uses; ws's optional
// native helpers, absent. Memory a server that does not need them would carry for nothing
// (docs/internals/benchmarks.md#companion-memory).
import { readFileSync } from 'node:fs';

/**
 * Node's modules that the packages compiled in require when they are loaded, for what the
 * companion does only when told: http2 (Fastify for an HTTP/2 server, the proxy for an
 * HTTP/2 device), https and tls (Fastify for an HTTPS server, ws for wss://, the proxy for
 * a device reached over https), and zlib (ws, for sockets that compress their messages: the
 * device's and the app's do not). Each of those requires gets a stand-in that loads the
 * module at its first use; until then the server does without them and their kin.
 * (Fastify's dns is no saving: Node loads it for any listen on an address.)
 */
export const ON_FIRST_USE = ['http2', 'https', 'tls', 'zlib'];

/** The stand-in for node:NAME: the module itself once anything is asked of it. */
const firstUse = (name) => `let loaded;
const real = () => (loaded ??= require('node:${name}'));
module.exports = new Proxy({}, {
  get: (_, key) => real()[key],
  set: (_, key, value) => Reflect.set(real(), key, value),
  has: (_, key) => key in real(),
  ownKeys: () => Reflect.ownKeys(real()),
  getOwnPropertyDescriptor: (_, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
    return descriptor && { ...descriptor, configurable: true };
  },
});`;

/**
 * The one require of ON_FIRST_USE whose module is asked for something at once:
 * @fastify/reply-from reads a constant of http2 when it is loaded, for its http2 mode. The
 * build reads it where that mode uses it instead; each text must be found exactly once.
 */
const AT_USE = {
  file: /[\\/]@fastify[\\/]reply-from[\\/]index\.js$/,
  edits: [
    ['const { NGHTTP2_CANCEL } = http2.constants\n', ''],
    ['.close(NGHTTP2_CANCEL)', '.close(http2.constants.NGHTTP2_CANCEL)'],
  ],
};

/**
 * undici as @fastify/reply-from (the /api proxy's engine) sees it. It requires undici when
 * it is loaded, whatever its mode; the companion runs it in its `http` mode (Node's own
 * client, src/proxy/api-proxy.ts), which never touches it, and loading undici would cost
 * about 13 MB of memory (it brings Node's own copy of undici and http2 with it). So the
 * proxy gets this in its place, which says so should anything ever reach for it.
 */
const UNUSED_UNDICI = `module.exports = new Proxy({}, {
  get(_, name) {
    throw new Error('undici.' + String(name) + ': the /api proxy runs on node:http, the built server has no undici');
  },
});`;

/**
 * ws's optional native helpers, which it requires inside a try and does without: the
 * installed server has none, and says so itself.
 */
const ABSENT = ['bufferutil', 'utf-8-validate'];
const absent = (name) =>
  `throw Object.assign(new Error("Cannot find module '${name}'"), { code: 'MODULE_NOT_FOUND' });`;

/** Where a require() from a package gets a stand-in, the stand-in's namespace. */
function standInFor(path, importer) {
  if (!/[\\/]node_modules[\\/]/.test(importer)) return undefined;
  if (ON_FIRST_USE.includes(path.replace(/^node:/, ''))) return 'first-use';
  if (path === 'undici' && /[\\/]@fastify[\\/]reply-from[\\/]/.test(importer)) return 'unused-undici';
  if (ABSENT.includes(path)) return 'absent';
  return undefined;
}

const CONTENTS = {
  'first-use': (path) => firstUse(path.replace(/^node:/, '')),
  'unused-undici': () => UNUSED_UNDICI,
  absent,
};

/** The esbuild plugin: the stand-ins above, and reply-from read as AT_USE has it. */
export const standIns = {
  name: 'stand-ins',
  setup(build) {
    build.onResolve({ filter: /^(node:)?[a-z0-9-]+$/ }, ({ path, importer, kind }) => {
      const namespace = kind === 'require-call' ? standInFor(path, importer) : undefined;
      return namespace && { path, namespace };
    });
    for (const [namespace, contents] of Object.entries(CONTENTS))
      build.onLoad({ filter: /.*/, namespace }, ({ path }) => ({ contents: contents(path), loader: 'js' }));
    build.onLoad({ filter: AT_USE.file }, ({ path }) => {
      let contents = readFileSync(path, 'utf8');
      for (const [text, instead] of AT_USE.edits) {
        if (contents.split(text).length !== 2) throw new Error(`${path}: "${text.trim()}" not found once`);
        contents = contents.replace(text, instead);
      }
      return { contents, loader: 'js' };
    });
  },
};

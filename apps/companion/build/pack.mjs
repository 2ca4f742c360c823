// Packs the companion server as one installable file, dist/opendtu-companion-<version>.tgz:
// the server compiled to one JavaScript file (the workspace packages bundled in; the npm
// run-time dependencies left as imports), both web builds, the systemd unit, and a
// package.json with only what it needs to run. The run-time dependencies travel inside it
// (bundleDependencies), as this checkout installed them: installing needs no registry, and
// the server runs on the versions it was tested with. No TypeScript, no tsx at run time.
//
// `npm run pack` builds the web apps first; this script alone packs what is built.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { dependencyTree } from './dependency-tree.mjs';

const COMPANION = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(COMPANION, '..', '..');
const WEB = join(ROOT, 'apps', 'web');
const OUT = join(ROOT, 'dist');
const NAME = 'opendtu-companion';

const manifest = JSON.parse(readFileSync(join(COMPANION, 'package.json'), 'utf8'));
const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
/**
 * Packages compiled into the server's file rather than shipped as folders: plain JavaScript
 * that npm ships with types, tests and browser builds (mqtt and nodemailer are 38 packages
 * and about 20 MB installed, some 300 KB gzipped when bundled). They are loaded only when a
 * channel or meter needs them, so their code costs no memory in a server that does not.
 * modbus-serial's TCP server (one file and `debug`) likewise, loaded only with --modbus:
 * shipped as a folder, it would bring its optional serial-port package (3 MB, native).
 */
const INLINED = new Set(['mqtt', 'nodemailer', 'modbus-serial']);
/** Run-time dependencies from npm: the workspace's own packages are bundled, tsx is not needed. */
const dependencies = Object.fromEntries(
  Object.entries(manifest.dependencies).filter(
    ([name]) => !name.startsWith('@opendtu/') && name !== 'tsx' && !INLINED.has(name),
  ),
);

for (const build of ['dist', 'dist-companion']) {
  if (!existsSync(join(WEB, build, 'index.html.gz'))) {
    console.error(`apps/web/${build} is not built: run "npm run build" first (or "npm run pack")`);
    process.exit(1);
  }
}

// Outside the checkout: npm's pack would apply the checkout's .gitignore (which names dist/).
const stage = mkdtempSync(join(tmpdir(), `${NAME}-pack-`));
try {
  const result = await build({
    entryPoints: [join(COMPANION, 'src', 'server.ts')],
    outfile: join(stage, 'lib', 'server.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(COMPANION, 'tsconfig.json'),
    external: Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]),
    // A young heap of 1 MB semi-spaces instead of up to 16: about 10 MB less memory for a
    // server that allocates little per frame; one V8 helper thread instead of one per core,
    // each with its own allocation buffers: about 2 MB less; no optimising JavaScript
    // compiler (TurboFan): about 6 MB less, for a server whose work is SQLite's WebAssembly
    // and native JSON, and no figure of the bench slower (docs/internals/benchmarks.md#companion-history); V8's
    // heap grown in smaller steps (--optimize-for-size): the most over a 17-minute
    // simulated week 75 and 76 MB instead of 81 and 82 (two runs each). Only a flag
    // given to node at start sizes the heap, so it is in the first line, which the npm bin
    // link and systemd's ExecStart both go through (env -S: coreutils 8.30, Debian 10).
    // The inlined CommonJS packages call require() for Node's own modules: an ES module
    // has none, so the file makes one.
    banner: {
      js: [
        '#!/usr/bin/env -S node --max-semi-space-size=1 --v8-pool-size=1 --no-opt --optimize-for-size',
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  // Whatever the bundle still imports from npm must be a declared dependency.
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
  const undeclared = [...imported].filter((name) => !(name in dependencies));
  if (undeclared.length) throw new Error(`the bundle imports undeclared packages: ${undeclared.join(', ')}`);

  cpSync(join(WEB, 'dist'), join(stage, 'web', 'dist'), { recursive: true });
  cpSync(join(WEB, 'dist-companion'), join(stage, 'web', 'dist-companion'), { recursive: true });
  cpSync(join(COMPANION, 'systemd'), join(stage, 'systemd'), { recursive: true });
  cpSync(join(COMPANION, 'build', 'package-readme.md'), join(stage, 'README.md'));

  const packed = {
    name: NAME,
    version: manifest.version,
    description: manifest.description,
    license: rootManifest.license,
    type: 'module',
    bin: { [NAME]: 'lib/server.mjs' },
    engines: { node: '>=20' },
    dependencies,
    bundleDependencies: Object.keys(dependencies),
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(packed, null, 2)}\n`);
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  for (const { from, to } of dependencyTree(lock, dependencies, relative(ROOT, COMPANION))) {
    // Nested node_modules are entries of their own (only those the tree reaches).
    cpSync(join(ROOT, from), join(stage, to), {
      recursive: true,
      filter: (source) => !relative(join(ROOT, from), source).split(sep).includes('node_modules'),
    });
  }

  mkdirSync(OUT, { recursive: true });
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', OUT], {
    cwd: stage,
    encoding: 'utf8',
  });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const file = join(OUT, pack.stdout.trim().split('\n').pop());
  console.log(`${relative(process.cwd(), file)} (${(statSync(file).size / 1024).toFixed(0)} KiB)`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}

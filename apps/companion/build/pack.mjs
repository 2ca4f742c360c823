// Packs the companion server as one installable file, dist/opendtu-companion-<version>.tgz:
// the server compiled (server-build.mjs: lib/server.mjs and the code it loads only when
// needed in lib/chunks/; the workspace packages bundled in, the npm run-time dependencies
// left as imports), both web builds, the systemd unit, and a package.json with only what it
// needs to run. The run-time dependencies travel inside it
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
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependencyTree } from './dependency-tree.mjs';
import { buildServer, runtimeDependencies } from './server-build.mjs';

const COMPANION = fileURLToPath(new URL('..', import.meta.url));
const ROOT = join(COMPANION, '..', '..');
const WEB = join(ROOT, 'apps', 'web');
const OUT = join(ROOT, 'dist');
const NAME = 'opendtu-companion';

const manifest = JSON.parse(readFileSync(join(COMPANION, 'package.json'), 'utf8'));
const rootManifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const dependencies = runtimeDependencies(manifest);

for (const build of ['dist', 'dist-companion']) {
  if (!existsSync(join(WEB, build, 'index.html.gz'))) {
    console.error(`apps/web/${build} is not built: run "npm run build" first (or "npm run pack")`);
    process.exit(1);
  }
}

// Outside the checkout: npm's pack would apply the checkout's .gitignore (which names dist/).
const stage = mkdtempSync(join(tmpdir(), `${NAME}-pack-`));
try {
  const { imported } = await buildServer(join(stage, 'lib'));
  // Whatever the bundle still imports from npm must be a declared dependency.
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

// Every program a test starts must be on the one list that `npm test` installs
// (scripts/test-programs.mjs): the sources are read for absolute program paths, for
// spawn/exec calls of a bare name and for the Python modules of inline Python scripts.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BASE_PROGRAMS, TEST_PROGRAMS, nameOf } from './test-programs.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const SKIP = new Set(['node_modules', 'dist', 'build-output', 'test-results', 'fixtures', 'screenshots']);
const SOURCE = /\.(ts|tsx|mjs|js|py|sh)$/;

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const SPAWN =
  /(?<![.\w])(?:spawn|spawnSync|execFile|execFileSync|exec|execSync|launchProcess)\(\s*['"`]([^'"`\s$]+)/g;
const PATH = /['"`](\/(?:usr\/)?s?bin\/[\w.+-]+)/g;
const PYTHON_IMPORT =
  /^\s*(?:from\s+([A-Za-z_]\w*)[\w.]*\s+import\b|import\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)\s*$)/gm;

/** What `text` starts: absolute paths, bare program names and Python modules. */
export function programsIn(text) {
  const paths = [...text.matchAll(PATH)].map((match) => match[1]);
  const names = [...text.matchAll(SPAWN)].map((match) => match[1]).filter((name) => !name.startsWith('/'));
  const modules = /python3?\b/.test(text)
    ? [...text.matchAll(PYTHON_IMPORT)].flatMap((match) =>
        (match[1] ?? match[2]).split(',').map((name) => name.trim().split('.')[0]),
      )
    : [];
  return { paths, names, modules };
}

const stdlib = () => {
  const result = spawnSync(
    '/usr/bin/python3',
    ['-c', 'import sys; print(" ".join(sys.stdlib_module_names))'],
    {
      encoding: 'utf8',
    },
  );
  return new Set(result.stdout.trim().split(' '));
};

/** The uses in the tree that the list lacks, as "file: what". */
function unlisted(files, readText = (file) => readFileSync(file, 'utf8')) {
  const paths = new Set(TEST_PROGRAMS.flatMap((entry) => (entry.program ? [entry.program] : [])));
  const names = new Set([...BASE_PROGRAMS, ...TEST_PROGRAMS.filter((entry) => entry.program).map(nameOf)]);
  const modules = new Set(TEST_PROGRAMS.filter((entry) => entry.python).map(nameOf));
  const python = stdlib();
  const lacking = [];
  for (const file of files) {
    const found = programsIn(readText(file));
    const where = relative(ROOT, file);
    for (const path of found.paths)
      if (!paths.has(path) && !BASE_PROGRAMS.includes(path.split('/').pop()))
        lacking.push(`${where}: ${path}`);
    for (const name of found.names) if (!names.has(name)) lacking.push(`${where}: ${name}`);
    for (const name of found.modules)
      if (!python.has(name) && !modules.has(name)) lacking.push(`${where}: python module ${name}`);
  }
  return lacking;
}

describe('programs the tests start', () => {
  it('are all on the list that npm test installs', () => {
    const self = fileURLToPath(import.meta.url);
    const files = FOLDERS.flatMap((folder) => [...sources(join(ROOT, folder))]).filter(
      (file) => file !== self,
    );
    expect(files.length).toBeGreaterThan(100);
    expect(unlisted(files)).toEqual([]);
  });

  it('are found by the reading: a path, a bare name, an inline Python module', () => {
    const snippet = [
      "spawn('/usr/sbin/newd', ['-c', config]);",
      "execFile('newtool', ['--x']);",
      "spawnSync('/usr/bin/python3', ['-c', SCRIPT]);",
      'const SCRIPT = `',
      'import json, socket',
      'from newlib.server import Server',
      '`;',
      "import { spawn } from 'node:child_process';",
    ].join('\n');
    expect(unlisted(['probe.ts'], () => snippet)).toEqual([
      'probe.ts: /usr/sbin/newd',
      'probe.ts: newtool',
      'probe.ts: python module newlib',
    ]);
  });
});

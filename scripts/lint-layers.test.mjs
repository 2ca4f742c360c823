// The layer rules of eslint.config.js, run through ESLint itself on snippets placed at real
// paths of the project: an import that goes up a layer, sideways between features or apps,
// or round in a cycle is an error; one that goes down is not.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { LAYERS } from '../eslint.config.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = join(ROOT, 'eslint.config.js');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `code` as if it were the file at `path`. */
async function problems(path, code) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

// The first lint loads the parser and walks the import graph: seconds on a busy machine.
describe('import direction (eslint.config.js)', { timeout: 60_000 }, () => {
  it('flags an upward import in the web app: lib reaching into api', async () => {
    const code = "import { deviceNow } from '../api/device-time';\nexport const now = deviceNow();\n";
    expect(await problems('apps/web/src/lib/example.ts', code)).toContain('import-x/no-restricted-paths');
  });

  it('flags a feature importing another feature', async () => {
    const code = "export { LivePage } from '../live/live-page';\n";
    expect(await problems('apps/web/src/features/overview/example.ts', code)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('flags an app importing another app, and the contract importing a package above it by name', async () => {
    const app = "export { buildCompanion } from '../../companion/src/app';\n";
    expect(await problems('apps/emulator/src/example.ts', app)).toContain('import-x/no-restricted-paths');
    const contract = "export { launchProcess } from '@opendtu/server-kit/launch-process';\n";
    expect(await problems('packages/api/src/example.ts', contract)).toEqual(['import-x/no-restricted-paths']);
  });

  it('flags the servers going up: config storage into routes, the database into the recorder', async () => {
    const emulator = "export { sendJson } from '../http/respond';\n";
    expect(await problems('apps/emulator/src/config/example.ts', emulator)).toEqual([
      'import-x/no-restricted-paths',
    ]);
    const companion = "export { Recorder } from '../recorder';\n";
    expect(await problems('apps/companion/src/recorder/db/example.ts', companion)).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('lets imports go down', async () => {
    const feature =
      "import { formatNumber } from '../../lib/format';\nexport const n = formatNumber('en', 1, 0);\n";
    expect(await problems('apps/web/src/features/live/example.ts', feature)).toEqual([]);
    const route = "export { YIELD_FILE } from '../config/data-files';\n";
    expect(await problems('apps/emulator/src/routes/example.ts', route)).toEqual([]);
  });

  describe('cycles', () => {
    let dir;
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('flags two modules that import each other at run time, not by type only', async () => {
      dir = await mkdtemp(join(tmpdir(), 'opendtu-lint-cycle-'));
      await writeFile(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      await writeFile(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      await writeFile(
        join(dir, 'c.ts'),
        "import type { d } from './d';\nexport const c = (x: typeof d) => x;\n",
      );
      await writeFile(join(dir, 'd.ts'), "import { c } from './c';\nexport const d = c;\n");
      const linter = new ESLint({ cwd: dir, overrideConfigFile: CONFIG });
      const rules = async (file) =>
        (await linter.lintFiles([join(dir, file)]))[0].messages.map((message) => message.ruleId);
      expect(await rules('a.ts')).toEqual(['import-x/no-cycle']);
      expect(await rules('c.ts')).toEqual([]);
    });
  });

  // A file no layer names is free to import anything: a new folder must be placed.
  it.each([
    ['companion', 'apps/companion/src'],
    ['emulator', 'apps/emulator/src'],
  ])('places every source file of the %s in one layer', (stack, root) => {
    const files = readdirSync(join(ROOT, root), { recursive: true })
      .map((file) => `${root}/${file}`.replaceAll('\\', '/'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'));
    const layersOf = (file) =>
      LAYERS[stack]
        .filter((layer) => layer.paths.some((path) => file === path || file.startsWith(`${path}/`)))
        .map((layer) => layer.name);
    const misplaced = files.map((file) => [file, layersOf(file)]).filter(([, layers]) => layers.length !== 1);
    expect(misplaced).toEqual([]);
  });
});

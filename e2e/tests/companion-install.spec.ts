import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { AlertTestAnswer } from '@opendtu/api';
import { launchProcess, type LaunchedProcess } from '../../packages/server-kit/src/launch-process';
import { startEmulator, type RunningEmulator } from '../support/emulator';

/**
 * The packed companion as an owner installs it: `npm run pack`'s file installed with npm
 * into an empty folder (no network needed: its run-time dependencies travel inside it), its
 * executable started in front of a virtual DTU, the app opened in Chromium, and a sample
 * it recorded found in the history API and on the history screen.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'apps/companion/package.json'), 'utf8')) as { version: string }
).version;
const PACKED = join(ROOT, 'dist', `opendtu-companion-${VERSION}.tgz`);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let prefix: string;
let dataDir: string;
let emulator: RunningEmulator;
let companion: LaunchedProcess;

/**
 * Only what the owner's machine has: none of this run's OPENDTU_* settings, and none of the
 * npm settings `npm test` hands its scripts (its prefix, its workspace), npm's cache aside.
 */
const ownerEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(OPENDTU_|npm_|INIT_CWD$)/.test(name) || name === 'npm_config_cache',
  ),
);

/** Runs a command to its end; throws with what it printed when it fails. */
function run(command: string, args: string[], cwd = ROOT): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: ownerEnv });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Every file below a folder, relative to it. */
const filesBelow = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));

test.beforeAll(async () => {
  // Packed by this run from the built web apps (npm test builds them before the e2e tests).
  test.setTimeout(300_000);
  run(process.execPath, [join(ROOT, 'apps/companion/build/pack.mjs')]);
  prefix = await mkdtemp(join(tmpdir(), 'opendtu-install-'));
  dataDir = await mkdtemp(join(tmpdir(), 'opendtu-install-data-'));
  run('npm', ['install', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', PACKED], prefix);
  emulator = await startEmulator(['--time', '2026-06-21T11:00', '--inverters', '2']);
  companion = await launchProcess({
    name: 'installed companion',
    command: join(prefix, 'node_modules', '.bin', 'opendtu-companion'),
    args: [
      ...['--device', emulator.url, '--port', '0', '--host', '127.0.0.1', '--data', dataDir],
      // Nobody listens on port 9: the channels' code runs and finds the receivers down.
      ...['--alert-url', 'mqtt://127.0.0.1:9/opendtu-alerts'],
      ...['--alert-url', 'smtp://me%40example.org:secret@127.0.0.1:9?to=owner@example.org'],
    ],
    env: ownerEnv,
    cwd: prefix,
  });
});

test.afterAll(async () => {
  await companion?.stop();
  await emulator?.stop();
  for (const dir of [prefix, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

test('the installed package runs compiled JavaScript only, with both web apps beside it', () => {
  const installed = join(prefix, 'node_modules', 'opendtu-companion');
  const files = filesBelow(installed);
  // Its own code (what is not a dependency's) is compiled: lib/server.mjs and the code it
  // loads only when needed in lib/chunks/, no TypeScript.
  const own = files.filter((file) => !file.startsWith('node_modules'));
  const code = own.filter((file) => /\.(m?js|c?ts|tsx)$/.test(file));
  expect(code).toContain(join('lib', 'server.mjs'));
  expect(code.filter((file) => file !== join('lib', 'server.mjs'))).toEqual(
    code.filter((file) => file.startsWith(join('lib', 'chunks', '')) && file.endsWith('.mjs')),
  );
  for (const tool of ['tsx', 'esbuild', 'typescript', 'vitest'])
    expect(existsSync(join(installed, 'node_modules', tool)), tool).toBe(false);
  expect(files).toContain(join('web', 'dist', 'js', 'app.js.gz'));
  expect(files).toContain(join('web', 'dist-companion', 'js', 'app.js.gz'));
  expect(files).toContain(join('systemd', 'opendtu-companion.service'));
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  // Fastify is compiled in; what it loads only on demand (pino for --verbose, inject, the
  // schema compilers) travels as packages of their own.
  expect(Object.keys(manifest.dependencies).sort()).toEqual([
    '@fastify/ajv-compiler',
    '@fastify/fast-json-stringify-compiler',
    'light-my-request',
    'node-sqlite3-wasm',
    'pino',
  ]);
});

test('the MQTT and e-mail channels, compiled into the file, reach for their receivers', async ({
  request,
}) => {
  const answer = await request.post(`${companion.url}/companion/api/alerts/test`, {
    headers: { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` },
  });
  expect(answer.status()).toBe(200);
  const { results } = (await answer.json()) as AlertTestAnswer;
  expect(results.map((result) => [result.channel.split(':')[0], result.ok, result.answer])).toEqual([
    ['mqtt', false, expect.stringMatching(/ECONNREFUSED/)],
    ['smtp', false, expect.stringMatching(/ECONNREFUSED/)],
  ]);
});

test('without --device it says that one is needed (no demo in the package)', () => {
  const result = spawnSync(join(prefix, 'node_modules', '.bin', 'opendtu-companion'), [], {
    cwd: prefix,
    env: ownerEnv,
    encoding: 'utf8',
  });
  expect(result.status).toBe(2);
  expect(result.stderr).toMatch(/^opendtu-companion: --device is required/);
});

test('in Chromium: the app from the package, and a recorded sample on the history screen', async ({
  page,
}) => {
  await page.goto(`${companion.url}/`);
  // The menu names the history once the companion answered: its own build was served.
  await page.getByRole('link', { name: 'History' }).click();
  const day = await page.getByLabel('Day', { exact: true }).inputValue();
  expect(day).toBe('2026-06-21');
  // A sample with power, in the history API...
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`${companion.url}/companion/api/power?date=${day}`);
        const { inverters } = (await answer.json()) as { inverters: { points: (number | null)[][] }[] };
        return inverters.some((inverter) => inverter.points.some((point) => (point[1] ?? 0) > 0));
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  // ...and on the screen, once it is shown again.
  await page.reload();
  await expect(page.locator('.power-chart [data-chart-summary]')).toHaveText(
    /^Peak [\d,.]+ k?W at \d\d:\d\d\.$/,
  );
  expect(companion.output()).toContain(`Device: ${new URL(emulator.url).origin}`);
});

import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigStore } from '../src/config/store';
import { identityFor } from '../src/config/identity';
import { seededRandom } from './helpers';

const WRITER = fileURLToPath(new URL('./fixtures/config-writer.ts', import.meta.url));
const KILLS = 20;

let workDir: string;
let writerJs: string;

// The writer is compiled once into one plain JavaScript file: each of the twenty processes
// then starts with node alone instead of loading tsx and compiling the store's sources again
// (about 0.6 s of CPU each, most of this test's time, and far more on a loaded machine). It
// is still the store's own code that is killed.
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'opendtu-kill-'));
  writerJs = join(workDir, 'config-writer.mjs');
  await build({
    entryPoints: [WRITER],
    outfile: writerJs,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Runs the writer until it has saved at least once, then kills it with SIGKILL after `delayMs`. */
function runAndKill(dataDir: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writerJs, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`writer ended: ${stderr}`)),
    );
  });
}

describe('§7 atomic writes (conventions: a crash never leaves a broken file)', () => {
  it('config.json always parses after the writing process is killed at random moments', async () => {
    const { random } = seededRandom();
    const dataDir = join(workDir, 'data');
    await mkdir(dataDir);
    let rounds = 0;
    let cutShort = 0;
    for (let iteration = 0; iteration < KILLS; iteration += 1) {
      await runAndKill(dataDir, Math.floor(random() * 60));
      const text = await readFile(join(dataDir, 'config.json'), 'utf8');
      const parsed = JSON.parse(text) as { wifi: { ssid: string } };
      expect(parsed.wifi.ssid).toMatch(/^(round-\d+|)$/);
      rounds = Math.max(rounds, Number(parsed.wifi.ssid.slice(6)) || 0);
      // A temporary file left behind: this kill came in the middle of a save.
      if ((await readdir(dataDir)).some((name) => name.includes('.tmp-'))) cutShort += 1;
    }
    // The writer really was writing when killed, and kills did cut saves short.
    expect(rounds).toBeGreaterThan(0);
    expect(cutShort).toBeGreaterThan(0);
    // Temporary files left by a kill are cleared at the next start; the config is intact.
    const store = await ConfigStore.open(dataDir, identityFor(dataDir));
    expect(store.damagedCopy).toBeUndefined();
    expect((await readdir(dataDir)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  }, 30_000);
});

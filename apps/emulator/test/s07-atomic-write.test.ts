import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../src/config/store';
import { identityFor } from '../src/config/identity';

const WRITER = fileURLToPath(new URL('./fixtures/config-writer.ts', import.meta.url));

/** Runs the writer until it has saved at least once, then kills it with SIGKILL after `delayMs`. */
function runAndKill(dataDir: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
    const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-kill-'));
    try {
      let rounds = 0;
      for (let iteration = 0; iteration < 20; iteration += 1) {
        await runAndKill(dataDir, Math.floor(Math.random() * 60));
        const text = await readFile(join(dataDir, 'config.json'), 'utf8');
        const parsed = JSON.parse(text) as { wifi: { ssid: string } };
        expect(parsed.wifi.ssid).toMatch(/^(round-\d+|)$/);
        rounds = Math.max(rounds, Number(parsed.wifi.ssid.slice(6)) || 0);
      }
      // The writer really was writing when killed.
      expect(rounds).toBeGreaterThan(0);
      // Temporary files left by a kill are cleared at the next start; the config is intact.
      const store = await ConfigStore.open(dataDir, identityFor(dataDir));
      expect(store.damagedCopy).toBeUndefined();
      expect((await readdir(dataDir)).filter((name) => name.includes('.tmp-'))).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

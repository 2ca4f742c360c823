import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HealthAnswer, PowerAnswer } from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreDatabase } from '../src/recorder/db/restore';
import { ADMIN_AUTH, call, startCompanion, startDevice, tempDir, until } from './helpers';
import type { TestCompanion, TestDevice } from './helpers';
import { openHistory } from './open-history';

const SPEED = 20;
const DAY = '2026-06-21';

/** A small tmpfs of its own (root only; CI machines without it skip the test that needs it). */
function mountSmallDisk(dir: string, size: string): boolean {
  mkdirSync(dir, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status === 0;
}
const SMALL_DISK = join(process.env.TMPDIR ?? '/tmp', `opendtu-companion-small-disk-${process.pid}`);
const canMount = mountSmallDisk(SMALL_DISK, '4m');

const health = async (companion: TestCompanion) => {
  const answer = await call(`${companion.url}/companion/api/health`);
  return { status: answer.status, body: answer.body as HealthAnswer, text: answer.text };
};

/** Every [t, ac] the server serves for the day, per serial. */
async function served(url: string): Promise<Map<string, Set<number>>> {
  const power = (await call(`${url}/companion/api/power?date=${DAY}`)).body as PowerAnswer;
  return new Map(
    power.inverters.map((inverter) => [
      inverter.serial,
      new Set(inverter.points.filter((point) => point[1] !== null).map((point) => point[0])),
    ]),
  );
}

// The real companion in front of the virtual DTU (its own process) running 20x fast.
describe('operating the companion', () => {
  let device: TestDevice;
  beforeAll(async () => {
    device = await startDevice(`${DAY}T10:00`, [
      '--speed',
      String(SPEED),
      '--push-interval',
      String(1000 / SPEED),
    ]);
  });
  afterAll(async () => {
    await device?.remove();
    if (canMount) spawnSync('umount', [SMALL_DISK]);
  });

  it('backs up while recording, and a restored backup serves that history', async () => {
    const companion = await startCompanion(device.url, { speed: SPEED });
    const restoredDir = await tempDir('restored');
    let restored: TestCompanion | undefined;
    try {
      await until(async () => (await served(companion.url)).size > 0, 30_000, 'recording');
      expect((await call(`${companion.url}/companion/api/backup`)).status).toBe(401);
      const wrong = `Basic ${Buffer.from('admin:wrong').toString('base64')}`;
      expect((await call(`${companion.url}/companion/api/backup`, { auth: wrong })).status).toBe(401);

      const before = await served(companion.url);
      const response = await fetch(`${companion.url}/companion/api/backup`, {
        headers: { Authorization: ADMIN_AUTH },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="opendtu-history-${DAY}.sqlite"`,
      );
      const file = join(restoredDir, 'download.sqlite');
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      // Recording went on meanwhile, and the copy was removed once sent.
      const after = await served(companion.url);
      await until(async () => {
        const now = await served(companion.url);
        return [...now].some(([serial, times]) => times.size > (after.get(serial)?.size ?? 0));
      });
      expect(readdirSync(companion.dataDir).filter((name) => name.startsWith('.backup'))).toEqual([]);

      const { file: placed, previous } = restoreDatabase(join(restoredDir, 'data'), file);
      expect(previous).toBeUndefined();
      // Placed as downloaded (opening it writes its header: the journal mode, the counters).
      expect(readFileSync(placed).equals(readFileSync(file))).toBe(true);
      const check = openHistory(join(restoredDir, 'data'));
      expect(check.connection.integrityOk()).toBe(true);
      check.close();

      // A companion on the restored folder serves every sample served before the backup.
      restored = await startCompanion(device.url, { speed: SPEED, dataDir: join(restoredDir, 'data') });
      const fromBackup = await served(restored.url);
      for (const [serial, times] of before) {
        for (const t of times) expect(fromBackup.get(serial)?.has(t), `${serial} ${t}`).toBe(true);
      }
    } finally {
      await restored?.close();
      await companion.close();
      await rm(restoredDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('restore keeps the previous database and refuses a folder a running server uses, or a bad file', async () => {
    const dir = await tempDir('restore');
    try {
      const first = openHistory(join(dir, 'a'));
      first.store.inverterId('116491234568', 'House', ['East']);
      first.close();
      const second = openHistory(join(dir, 'b'));
      second.close();
      const at = new Date('2026-06-21T10:00:00Z');
      const { previous } = restoreDatabase(join(dir, 'b'), join(dir, 'a', 'history.sqlite'), at);
      expect(previous).toBe(join(dir, 'b', 'history.sqlite.bak-2026-06-21T10-00-00Z'));
      const back = openHistory(join(dir, 'b'));
      expect(back.store.inverters().map((inverter) => inverter.serial)).toEqual(['116491234568']);
      back.close();

      writeFileSync(join(dir, 'junk.sqlite'), Buffer.alloc(8192, 1));
      expect(() => restoreDatabase(join(dir, 'b'), join(dir, 'junk.sqlite'))).toThrow(
        `${join(dir, 'junk.sqlite')} cannot be read as a database`,
      );
      // This test's parent process is alive: as if a server used the folder.
      writeFileSync(join(dir, 'b', 'companion.pid'), String(process.ppid));
      expect(() => restoreDatabase(join(dir, 'b'), join(dir, 'a', 'history.sqlite'))).toThrow(
        `a companion server (pid ${process.ppid}) uses ${join(dir, 'b')}`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('pauses on a full disk, keeps serving, says so in health, and resumes by itself', async () => {
    // The recorder reads the cap at each write it tries: how often is counted.
    let pages = 1_000_000;
    let tries = 0;
    const cap = {
      get pages() {
        tries += 1;
        return pages;
      },
    };
    const dataDir = await tempDir('full');
    const companion = await startCompanion(device.url, {
      speed: SPEED,
      dataDir,
      databaseCap: cap,
      diskRetryMs: 300,
      health: { stalledMs: 60_000 },
    });
    try {
      await until(async () => (await health(companion)).body.recorder.last_write !== null, 30_000, 'a write');
      const ok = await health(companion);
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ healthy: true, problems: [], recorder: { state: 'recording' } });
      expect(ok.body.device.reachable).toBe(true);
      expect(ok.body.device.last_frame_age_ms).toBeLessThan(60_000);
      expect(ok.body.database.size_bytes).toBeGreaterThan(0);
      expect(ok.body.database.free_disk_bytes).toBeGreaterThan(0);
      // Nothing private: no address, no serial, no path.
      expect(ok.text).not.toContain('127.0.0.1');
      expect(ok.text).not.toContain(companion.dataDir);
      expect(ok.text).not.toMatch(/1[0-9]{11}/);

      // The database may not grow any more: its free pages fill, then writes fail.
      pages = ok.body.database.size_bytes / 4096;
      await until(async () => (await health(companion)).status === 503, 30_000, 'the pause');
      const full = await health(companion);
      expect(full.body).toMatchObject({
        healthy: false,
        problems: ['disk-full'],
        recorder: { state: 'paused-disk-full' },
      });
      // Said once, while it tries again: two more writes tried, both refused.
      const pausedAt = tries;
      await until(() => tries >= pausedAt + 2, 30_000, 'two more tries');
      expect((await health(companion)).body.recorder.state).toBe('paused-disk-full');
      expect(companion.lines.filter((line) => line.includes('recording paused'))).toHaveLength(1);
      expect((await call(`${companion.url}/companion/api/power?date=${DAY}`)).status).toBe(200);
      expect((await call(`${companion.url}/api/system/status`)).status).toBe(200);
      expect((await call(`${companion.url}/companion/api/info`)).status).toBe(200);

      pages = 1_000_000;
      await until(
        async () => (await health(companion)).body.recorder.state === 'recording',
        30_000,
        'resuming',
      );
      expect(companion.lines.filter((line) => line.includes('recording resumed'))).toHaveLength(1);
      expect((await health(companion)).status).toBe(200);
    } finally {
      await companion.close();
    }
    const check = openHistory(dataDir);
    expect(check.connection.integrityOk()).toBe(true);
    check.close();
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it.skipIf(!canMount)(
    'on a really full disk (a 4 MB tmpfs) too, and the database stays whole',
    async () => {
      const dataDir = join(SMALL_DISK, 'data');
      const filler = join(SMALL_DISK, 'filler');
      const companion = await startCompanion(device.url, { speed: SPEED, dataDir, diskRetryMs: 300 });
      try {
        await until(
          async () => (await health(companion)).body.recorder.last_write !== null,
          30_000,
          'a write',
        );
        // Fill what is left of the disk.
        try {
          writeFileSync(filler, Buffer.alloc(8 * 1024 * 1024));
        } catch {
          // ENOSPC: the file holds what fitted.
        }
        await until(
          async () => (await health(companion)).body.recorder.state === 'paused-disk-full',
          30_000,
          'the pause',
        );
        expect((await call(`${companion.url}/companion/api/power?date=${DAY}`)).status).toBe(200);
        rmSync(filler);
        await until(
          async () => (await health(companion)).body.recorder.state === 'recording',
          30_000,
          'resuming',
        );
        expect(companion.lines.filter((line) => line.includes('recording paused'))).toHaveLength(1);
        expect(companion.lines.filter((line) => line.includes('recording resumed'))).toHaveLength(1);
      } finally {
        await companion.close();
        const check = openHistory(dataDir);
        expect(check.connection.integrityOk()).toBe(true);
        check.close();
        spawnSync('umount', [SMALL_DISK]);
        rmSync(SMALL_DISK, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('is unhealthy when the device has been away longer than the limit', async () => {
    const companion = await startCompanion(device.url, { speed: SPEED, health: { deviceAwayMs: 1000 } });
    try {
      await until(async () => (await health(companion)).body.device.reachable, 30_000, 'the device socket');
      await device.stop('SIGKILL');
      await until(async () => (await health(companion)).status === 503, 30_000, 'unhealthy');
      const away = await health(companion);
      expect(away.body.problems).toContain('device-unreachable');
      expect(away.body.device.reachable).toBe(false);
      await device.restart();
      await until(async () => (await health(companion)).status === 200, 30_000, 'healthy again');
    } finally {
      await companion.close();
    }
  }, 120_000);
});

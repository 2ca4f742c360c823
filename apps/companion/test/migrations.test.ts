import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sqlite from 'node-sqlite3-wasm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, SCHEMA_VERSION } from '../src/recorder/db/migrations';
import { openDatabase } from '../src/recorder/db/open';
import { freshDir } from './helpers';
import { openHistory } from './open-history';
import { INSIDE, withSlowMigration } from './slow-migration';

const V1 = fileURLToPath(new URL('fixtures/history-v1.sqlite', import.meta.url));
const SLOW = fileURLToPath(new URL('fixtures/migrate-slowly.ts', import.meta.url));
const HOUSE = '116491234568';
const GARAGE = '114181234569';

/** Everything a database holds that a migration must keep, read with plain SQL. */
function contents(file: string): Record<string, unknown[]> {
  const db = new sqlite.Database(file, { readOnly: true });
  try {
    const all = (sql: string) => db.all(sql);
    return {
      inverters: all('SELECT id, serial, name, strings FROM inverter ORDER BY id'),
      sessions: all('SELECT * FROM session ORDER BY id'),
      samples: all('SELECT * FROM sample ORDER BY inv, t'),
      rollups: all('SELECT * FROM rollup ORDER BY inv, t'),
      days: all('SELECT * FROM day_energy ORDER BY inv, day'),
      queue: all('SELECT id, lines FROM push_queue ORDER BY id'),
    };
  } finally {
    db.close();
  }
}

describe('schema versions', () => {
  const dir = freshDir('migrate');

  it('opens a database written by release 0.1 (schema 1) and keeps every sample, day and queued push', () => {
    const file = join(dir(), 'history.sqlite');
    copyFileSync(V1, file);
    const before = contents(file);
    expect(before.samples).toHaveLength(48);
    expect(before.rollups).toHaveLength(4);
    expect(before.days).toHaveLength(4);
    expect(before.queue).toHaveLength(3);

    const { store, pushQueue, connection, close } = openHistory(dir());
    try {
      expect(Number(connection.db.get('PRAGMA user_version')?.user_version)).toBe(SCHEMA_VERSION);
      expect(connection.integrityOk()).toBe(true);
      // Through the stores, as the API reads them.
      expect(store.inverters().map((inverter) => inverter.serial)).toEqual([HOUSE, GARAGE]);
      const [house] = store.inverters();
      const june = store.power(
        house!.id,
        Date.parse('2026-06-21T00:00:00Z'),
        Date.parse('2026-06-22T00:00:00Z'),
      );
      expect(june).toHaveLength(24);
      expect(june.filter((point) => !point.reachable)).toHaveLength(2);
      const march = store.power(
        house!.id,
        Date.parse('2026-03-01T00:00:00Z'),
        Date.parse('2026-03-02T00:00:00Z'),
      );
      expect(march.map((point) => point.session)).toEqual([undefined, undefined]);
      expect(store.dayEnergy('2026-01-01', '2026-12-31').map(({ day, wh }) => [day, wh])).toEqual([
        ['2026-03-01', 1234.5],
        ['2026-03-01', 2469],
        ['2026-06-21', 1234.5],
        ['2026-06-21', 2469],
      ]);
      expect(pushQueue.length()).toBe(3);
      expect(pushQueue.next(1e6)?.lines).toEqual(
        [1, 2, 3].map((i) => expect.stringContaining(`power_ac=${i}00`)),
      );
      // Batches queued before schema 2 have no time: their age is not made up.
      expect(pushQueue.oldestQueuedAt()).toBeUndefined();
    } finally {
      close();
    }
    expect(contents(file)).toEqual(before);
  });

  it('creates a new database at the latest version, and migrations are numbered in order', () => {
    MIGRATIONS.forEach((migration, index) => expect(migration.version).toBe(index + 1));
    const connection = openDatabase(dir());
    expect(Number(connection.db.get('PRAGMA user_version')?.user_version)).toBe(MIGRATIONS.length);
    connection.close();
  });

  it('a migration killed half-way leaves the version before it, and the next start completes it', async () => {
    copyFileSync(V1, join(dir(), 'history.sqlite'));
    openDatabase(dir()).close();
    const file = join(dir(), 'history.sqlite');
    const before = contents(file);

    const child = spawn(process.execPath, ['--import', 'tsx', SLOW, dir()], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((done) => child.once('exit', done));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => output.includes(INSIDE) && resolve());
      child.once('exit', () => reject(new Error(`ended before the migration: ${output}`)));
    });
    child.kill('SIGKILL');
    await exited;
    // Killed inside the transaction: its journal and the lock folder are still there.
    expect(existsSync(`${file}-journal`)).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(true);

    // This release (which does not know the test's migration) reads the old version, whole.
    const current = openDatabase(dir());
    expect(Number(current.db.get('PRAGMA user_version')?.user_version)).toBe(SCHEMA_VERSION);
    expect(current.integrityOk()).toBe(true);
    current.close();
    expect(contents(file)).toEqual(before);

    // A start with the migration runs it to the end.
    const next = openDatabase(dir(), { migrations: withSlowMigration(false) });
    expect(Number(next.db.get('PRAGMA user_version')?.user_version)).toBe(SCHEMA_VERSION + 1);
    expect(next.db.get('SELECT count(*) AS n FROM test_filler')?.n).toBe(3000);
    expect(next.db.all('SELECT DISTINCT wh FROM day_energy')).toEqual([{ wh: -1 }]);
    expect(next.integrityOk()).toBe(true);
    next.close();
  });

  it('refuses a database of a newer release and leaves its bytes as they were', () => {
    const file = join(dir(), 'history.sqlite');
    openDatabase(dir(), { migrations: withSlowMigration(false) }).close();
    const bytes = readFileSync(file);
    expect(() => openDatabase(dir())).toThrow(
      `The history database ${file} was written by a newer release of the companion (schema version ${SCHEMA_VERSION + 1}; this release knows up to ${SCHEMA_VERSION})`,
    );
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(existsSync(`${file}-journal`)).toBe(false);
  });

  it.each([
    ['cut short', (bytes: Buffer) => bytes.subarray(0, bytes.length - 4096 - 100), /truncated|malformed/],
    ['cut to a page', (bytes: Buffer) => bytes.subarray(0, 4096), /truncated|malformed/],
    ['garbage over it', (bytes: Buffer) => Buffer.alloc(bytes.length, 0x5a), /not a database/],
    [
      'garbage in a page',
      (bytes: Buffer) =>
        Buffer.concat([bytes.subarray(0, 3 * 4096), Buffer.alloc(4096, 0xa5), bytes.subarray(4 * 4096)]),
      /./,
    ],
  ])('refuses a damaged file (%s), naming it, and never writes to it', (_what, damage, reason) => {
    const file = join(dir(), 'history.sqlite');
    copyFileSync(V1, file);
    openDatabase(dir()).close();
    const damaged = damage(readFileSync(file));
    writeFileSync(file, damaged);
    let message = '';
    try {
      openDatabase(dir()).close();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`The history database ${file} is damaged (`);
    expect(message).toMatch(reason);
    expect(readFileSync(file).equals(damaged)).toBe(true);
    // The folder is free again for a start after the owner dealt with it.
    expect(existsSync(join(dir(), 'companion.pid'))).toBe(false);
  });
});

// How much of the database is read at start depends on how the last server ended: every
// page after an unclean end, only the header, the schema and each table's ends after a
// clean one (so a large history serves within a second or two).
import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase, PID_FILE } from '../src/recorder/db/open';
import { freshDir, tempDir } from './helpers';

const PAGE = 4096;

describe('the check at start', () => {
  const dir = freshDir('open-check');
  let file: string;
  let damaged: Buffer;
  beforeEach(() => {
    file = join(dir(), DATABASE_FILE);
    const connection = openDatabase(dir());
    connection.transaction(() =>
      connection.db.exec(`CREATE TABLE filler (id INTEGER PRIMARY KEY, data BLOB);
        WITH RECURSIVE k(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM k WHERE k < 4000)
        INSERT INTO filler SELECT k, randomblob(200) FROM k`),
    );
    connection.close();
    // Garbage over a page in the middle of the file: on no path from a table's root to its ends.
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / PAGE / 2) * PAGE;
    damaged = Buffer.concat([
      bytes.subarray(0, middle),
      Buffer.alloc(PAGE, 0xa5),
      bytes.subarray(middle + PAGE),
    ]);
    writeFileSync(file, damaged);
  });

  it('after an unclean end (a dead server pid file left) reads every page and refuses the file untouched', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(dir(), PID_FILE), String(dead));
    expect(() => openDatabase(dir())).toThrow(`The history database ${file} is damaged (`);
    expect(readFileSync(file).equals(damaged)).toBe(true);
  });

  it('takes an empty journal for a clean end, and reads every page when asked to', () => {
    // An empty journal is no transaction cut off: the clean path, which does not read that page.
    writeFileSync(`${file}-journal`, Buffer.alloc(0));
    openDatabase(dir()).close();
    expect(statSync(file).size).toBe(damaged.length);
    expect(() => openDatabase(dir(), { fullCheck: true })).toThrow('is damaged (');
  });

  it('after a clean end reads only the ends, where that page is not', () => {
    const connection = openDatabase(dir());
    expect(connection.db.get('SELECT count(*) AS n FROM sqlite_schema WHERE name = ?', 'filler')?.n).toBe(1);
    connection.close();
  });
});

describe('a server killed while its write-ahead log held transactions', () => {
  it('leaves a file the next start opens whole, with every committed row, and closes in rollback mode', async () => {
    const running = await tempDir('open-wal');
    const killed = await tempDir('open-wal-killed');
    try {
      const connection = openDatabase(running);
      connection.transaction(() =>
        connection.db.exec(`CREATE TABLE filler (id INTEGER PRIMARY KEY, data BLOB);
          WITH RECURSIVE k(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM k WHERE k < 2000)
          INSERT INTO filler SELECT k, randomblob(200) FROM k`),
      );
      // The folder() as a SIGKILL leaves it: the file, its log (the rows are there, not yet
      // in the file, which is shorter than its pages), the pid file of a process gone.
      const source = join(running, DATABASE_FILE);
      const target = join(killed, DATABASE_FILE);
      copyFileSync(source, target);
      copyFileSync(`${source}-wal`, `${target}-wal`);
      writeFileSync(join(killed, PID_FILE), String(spawnSync(process.execPath, ['-e', '0']).pid));
      connection.close();
      expect(statSync(target).size).toBeLessThan(statSync(source).size);

      const reopened = openDatabase(killed);
      expect(reopened.integrityOk()).toBe(true);
      expect(reopened.db.get('SELECT count(*) AS n FROM filler')?.n).toBe(2000);
      reopened.close();
      expect(existsSync(`${target}-wal`)).toBe(false);
      // Byte 18 of the header: 1 is the rollback journal, 2 the write-ahead log.
      expect(readFileSync(target)[18]).toBe(1);
    } finally {
      await rm(running, { recursive: true, force: true });
      await rm(killed, { recursive: true, force: true });
    }
  });
});

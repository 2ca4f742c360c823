/**
 * Puts a backup (GET /companion/api/backup) in place of the history database, for the
 * `opendtu-companion restore FILE` command. Only while no server uses the data folder.
 * The file is copied into the folder first and checked there (SQLite's full integrity
 * check; a companion schema this release knows), so a bad file never replaces a good one;
 * the previous database is kept beside it as history.sqlite.bak-<time>.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { sqlite } from './sqlite';
import { MIGRATIONS, userVersion } from './migrations';
import { checkVersion, DATABASE_FILE, DatabaseRefused, runningServer } from './open';

export interface Restored {
  /** The database now in place. */
  file: string;
  /** Where the one it replaced was kept (undefined: there was none). */
  previous: string | undefined;
}

function checkBackup(file: string, shownAs: string): void {
  let db: InstanceType<typeof sqlite.Database> | undefined;
  try {
    db = new sqlite.Database(file, { fileMustExist: true });
    // A copy of a running server's file may be in write-ahead-log mode: readable only so.
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    const check = db.all('PRAGMA integrity_check(5)').map((row) => String(row.integrity_check));
    if (check.join() !== 'ok') throw new DatabaseRefused(`${shownAs} is damaged: ${check.join('; ')}`);
    checkVersion(db, shownAs, MIGRATIONS);
    const hasSamples = db.get(
      "SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = 'sample'",
    );
    if (userVersion(db) < 1 || !hasSamples)
      throw new DatabaseRefused(`${shownAs} is not a history database of the companion`);
  } catch (error) {
    if (error instanceof DatabaseRefused) throw error;
    throw new DatabaseRefused(`${shownAs} cannot be read as a database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/** Checks `backup` and makes it `dataDir`/history.sqlite; throws DatabaseRefused saying why not. */
export function restoreDatabase(dataDir: string, backup: string, now: Date = new Date()): Restored {
  const source = resolve(backup);
  if (!existsSync(source)) throw new DatabaseRefused(`${source} does not exist`);
  mkdirSync(dataDir, { recursive: true });
  const pid = runningServer(dataDir);
  if (pid) {
    throw new DatabaseRefused(
      `a companion server (pid ${pid}) uses ${dataDir}: stop it before restoring a backup into it`,
    );
  }
  const file = join(dataDir, DATABASE_FILE);
  const stamp = now
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const incoming = join(dataDir, `.restore-${stamp}.sqlite`);
  copyFileSync(source, incoming);
  try {
    checkBackup(incoming, source);
    const fd = openSync(incoming, 'r+');
    fsyncSync(fd);
    closeSync(fd);
  } catch (error) {
    rmSync(incoming, { force: true });
    rmSync(`${incoming}.lock`, { recursive: true, force: true });
    throw error;
  }
  let previous: string | undefined;
  if (existsSync(file)) {
    previous = `${file}.bak-${stamp}`;
    renameSync(file, previous);
    // A journal or log left by a killed server belongs to the file it was written for.
    for (const beside of ['-journal', '-wal'])
      if (existsSync(`${file}${beside}`)) renameSync(`${file}${beside}`, `${previous}${beside}`);
  }
  rmSync(`${file}.lock`, { recursive: true, force: true });
  renameSync(incoming, file);
  return { file, previous };
}

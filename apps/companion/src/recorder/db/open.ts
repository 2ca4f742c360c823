/**
 * Opening the history database: taking the data folder, refusing a file this release must
 * not write (damaged, or from a newer release), then bringing the schema up to date.
 *
 * A refused file is left exactly as it is: nothing is written to it before it has passed
 * every check, so the owner can still restore a backup or hand it to a newer release.
 */
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import { Connection, type Database } from './connection';
import { migrate, MIGRATIONS, userVersion, type Migration } from './migrations';

export const DATABASE_FILE = 'history.sqlite';
export const PID_FILE = 'companion.pid';

/** The database cannot be used as it is; the message says why and names the file. */
export class DatabaseRefused extends Error {}

export interface OpenOptions {
  /** The schema's migrations (tests add their own after the real ones). */
  migrations?: readonly Migration[];
  /** Test only: caps the file at this many pages (`PRAGMA max_page_count`), a full disk. */
  cap?: { pages: number };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live server using `dir`, if any. */
export function runningServer(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dir, PID_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  return pid && pid !== process.pid && isRunning(pid) ? pid : undefined;
}

/**
 * SQLite-in-WebAssembly locks a database with a `<file>.lock` folder, which a killed
 * process leaves behind. Only one server may use a data folder (a pid file says which),
 * so at start a lock folder left by a dead one is removed, and SQLite then rolls back the
 * transaction it was in (the journal beside the file).
 */
function claimDataFolder(dir: string, file: string): () => void {
  const pid = runningServer(dir);
  if (pid)
    throw new Error(`another companion server (pid ${pid}) uses ${dir}; stop it or choose another --data`);
  const pidFile = join(dir, PID_FILE);
  writeFileSync(pidFile, String(process.pid));
  rmSync(`${file}.lock`, { recursive: true, force: true });
  return () => rmSync(pidFile, { force: true });
}

const damaged = (file: string, reason: string): DatabaseRefused =>
  new DatabaseRefused(
    `The history database ${file} is damaged (${reason}). It was left as it is: restore a backup ` +
      `(opendtu-companion restore FILE), or move the file away to begin a new history.`,
  );

/**
 * Refuses a file SQLite cannot read, one shorter than its own header says (truncated), and
 * one whose pages do not hold together (`quick_check`: every page and record, not the
 * indexes against the tables; about 0.8 s for 58 MB here). Reading the first page also
 * rolls back a transaction a killed process left, so the checks see the file as it was
 * committed.
 */
export function checkReadable(db: Database, file: string): void {
  let pageSize: number;
  let pageCount: number;
  try {
    userVersion(db);
    pageSize = Number(db.get('PRAGMA page_size')?.page_size);
    pageCount = Number(db.get('PRAGMA page_count')?.page_count);
  } catch (error) {
    throw damaged(file, (error as Error).message);
  }
  const size = statSync(file).size;
  if (size > 0 && (size % pageSize !== 0 || size < pageSize * pageCount)) {
    throw damaged(file, `${size} bytes where its header says ${pageCount} pages of ${pageSize}: truncated`);
  }
  let check: string;
  try {
    check = String(db.get('PRAGMA quick_check(1)')?.quick_check);
  } catch (error) {
    throw damaged(file, (error as Error).message);
  }
  if (check !== 'ok') throw damaged(file, check);
}

/** Refuses a database of a schema this release does not know (written by a newer one). */
export function checkVersion(db: Database, file: string, migrations: readonly Migration[]): void {
  const version = userVersion(db);
  const known = migrations.length;
  if (version > known) {
    throw new DatabaseRefused(
      `The history database ${file} was written by a newer release of the companion (schema ` +
        `version ${version}; this release knows up to ${known}). It was left as it is: run that ` +
        `release again, or restore a backup made with this one.`,
    );
  }
}

/** Opens (or creates) `dir`/history.sqlite, checked and migrated to the current schema. */
export function openDatabase(dir: string, options: OpenOptions = {}): Connection {
  const migrations = options.migrations ?? MIGRATIONS;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, DATABASE_FILE);
  const release = claimDataFolder(dir, file);
  let db: Database | undefined;
  try {
    db = new sqlite.Database(file);
    checkReadable(db, file);
    checkVersion(db, file, migrations);
    migrate(db, migrations);
    return new Connection(db, file, release, options.cap);
  } catch (error) {
    db?.close();
    release();
    throw error;
  }
}

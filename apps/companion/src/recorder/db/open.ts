/**
 * Opening the history database: taking the data folder, refusing a file this release must
 * not write (damaged, or from a newer release), then bringing the schema up to date.
 *
 * A refused file is left exactly as it is: nothing is written to it before it has passed
 * every check, so the owner can still restore a backup or hand it to a newer release.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Connection, type Database } from './connection';
import { migrate, MIGRATIONS, userVersion, type Migration } from './migrations';
import { sqlite } from './sqlite';

export const DATABASE_FILE = 'history.sqlite';
export const PID_FILE = 'companion.pid';

/** The database cannot be used as it is; the message says why and names the file. */
export class DatabaseRefused extends Error {}

export interface OpenOptions {
  /** The schema's migrations (tests add their own after the real ones). */
  migrations?: readonly Migration[];
  /** Test only: caps the file at this many pages (`PRAGMA max_page_count`), a full disk. */
  cap?: { pages: number };
  /** Check every page (`quick_check`) even after a clean end (tests, restore). */
  fullCheck?: boolean;
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
 * Whether the last server on this folder did not end cleanly: a clean end removes the pid
 * file and the lock folder and leaves no journal or write-ahead log; a crash, a SIGKILL or
 * a power cut leaves one of them (the pid file is written before the database is opened).
 */
function endedUncleanly(dir: string, file: string): boolean {
  const size = (path: string): number => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  // A rollback journal: a transaction was cut off; a write-ahead log: the server did not
  // close the file (its last transactions are in the log, and SQLite takes them in).
  const journal = size(`${file}-journal`) + size(`${file}-wal`);
  return journal > 0 || existsSync(join(dir, PID_FILE)) || existsSync(`${file}.lock`);
}

/**
 * SQLite-in-WebAssembly locks a database with a `<file>.lock` folder (held from the first
 * read to the close, in exclusive mode), which a killed process leaves behind. Only one server may use a data folder (a pid file says which),
 * so at start a lock folder left by a dead one is removed, and SQLite then rolls back the
 * transaction it was in (the journal beside the file). Answers whether the last server
 * ended uncleanly, and how to give the folder back.
 */
function claimDataFolder(dir: string, file: string): { unclean: boolean; release: () => void } {
  const pid = runningServer(dir);
  if (pid)
    throw new Error(`another companion server (pid ${pid}) uses ${dir}; stop it or choose another --data`);
  const unclean = endedUncleanly(dir, file);
  const pidFile = join(dir, PID_FILE);
  writeFileSync(pidFile, String(process.pid));
  rmSync(`${file}.lock`, { recursive: true, force: true });
  return { unclean, release: () => rmSync(pidFile, { force: true }) };
}

const damaged = (file: string, reason: string): DatabaseRefused =>
  new DatabaseRefused(
    `The history database ${file} is damaged (${reason}). It was left as it is: restore a backup ` +
      `(opendtu-companion restore FILE), or move the file away to begin a new history.`,
  );

/**
 * The cheap part of the check, for a file the last server closed cleanly: every table's
 * first and last rows (its root page and the pages down to both ends, where writes land).
 */
function checkEnds(db: Database): void {
  const tables = db
    .all("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .map((row) => `"${String(row.name).replace(/"/g, '""')}"`);
  for (const table of tables) {
    db.all(`SELECT * FROM ${table} LIMIT 1`);
    db.all(`SELECT * FROM ${table} ORDER BY 1 DESC LIMIT 1`);
  }
}

/**
 * Refuses a file SQLite cannot read, one shorter than its own header says (truncated), and
 * one whose pages do not hold together. Reading the first page also rolls back a
 * transaction a killed process left, so the checks see the file as it was committed.
 *
 * `full`: every page and record (`quick_check`, not the indexes against the tables; about
 * 0.8 s for 58 MB here, several seconds for a year of 10 inverters), run when the last
 * server did not end cleanly. After a clean end only the header, the schema and the ends
 * of each table are read, so the server serves within a second or two whatever the size.
 */
export function checkReadable(db: Database, file: string, full = true): void {
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
  // Pages a killed server left in the write-ahead log are not in the file yet: the header
  // counts them, the file does not. Such a start reads every page (`full`), which finds a
  // file that is really short.
  const logged = (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0;
  if (size > 0 && (size % pageSize !== 0 || (!logged && size < pageSize * pageCount))) {
    throw damaged(file, `${size} bytes where its header says ${pageCount} pages of ${pageSize}: truncated`);
  }
  let check = 'ok';
  try {
    if (full) check = String(db.get('PRAGMA quick_check(1)')?.quick_check);
    else checkEnds(db);
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

/**
 * The server writes through a write-ahead log, in SQLite's exclusive locking mode (the
 * WebAssembly build has no shared memory for the log's index; exclusive mode keeps it in
 * the process, and the data folder is the server's alone anyway), with full sync: a
 * transaction is on disk when its COMMIT returns, as with the rollback journal, at one
 * sync instead of two and with no journal file made and deleted each second. A kill leaves the log beside the file;
 * the next open takes its committed transactions in. A clean close puts the file back in
 * rollback mode (connection.ts), so at rest it is the file it always was.
 */
function useWriteAheadLog(db: Database): void {
  const mode = db.get('PRAGMA journal_mode = WAL')?.journal_mode;
  if (mode !== 'wal') throw new Error(`SQLite refused the write-ahead log (journal mode ${String(mode)})`);
  db.exec('PRAGMA synchronous = FULL');
}

/** Opens (or creates) `dir`/history.sqlite, checked and migrated to the current schema. */
export function openDatabase(dir: string, options: OpenOptions = {}): Connection {
  const migrations = options.migrations ?? MIGRATIONS;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, DATABASE_FILE);
  const { unclean, release } = claimDataFolder(dir, file);
  let db: Database | undefined;
  try {
    db = new sqlite.Database(file);
    // Before the first read: a file left in write-ahead-log mode is only readable so.
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    checkReadable(db, file, unclean || options.fullCheck === true);
    checkVersion(db, file, migrations);
    migrate(db, migrations);
    useWriteAheadLog(db);
    return new Connection(db, file, release, options.cap);
  } catch (error) {
    db?.close();
    release();
    throw error;
  }
}

/**
 * The history database: every SQL statement of the server is in this file.
 *
 * One SQLite file (node-sqlite3-wasm: SQLite compiled to WebAssembly, no native build;
 * the README says why). Rollback journal with full sync: a transaction is on disk when
 * its COMMIT returns, and a SIGKILL at any moment leaves the file as it was before or
 * after the transaction, never half of it.
 *
 * Values are stored as scaled integers (SQLite stores small integers in 1 to 4 bytes, a
 * REAL in 8): power in 0.1 W, YieldDay in 0.1 Wh, YieldTotal in Wh, temperature in
 * 0.1 °C, limit in 0.1 %.
 *
 * - `sample`: raw samples (kept 90 days), `s` the recording session, so a time when the
 *   server heard nothing from the device stays a gap;
 * - `rollup`: 5-minute averages of older samples (kept for years);
 * - `day_energy`: per inverter and local day, the yield counters' state (day-energy.ts);
 * - `push_queue`: line protocol waiting for the InfluxDB target.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import type { DayEnergy } from './day-energy';
import { MAX_STRINGS, type Sample } from './sample';

type Database = InstanceType<typeof sqlite.Database>;
type Statement = ReturnType<Database['prepare']>;
/** Every query here reads plain rows (never the `expand` form). */
type Row = Record<string, number | string | bigint | null | Uint8Array>;
const rows = (result: unknown): Row[] => result as Row[];

export const ROLLUP_MS = 5 * 60_000;
const REACHABLE = 1;
const PRODUCING = 2;

const DC = Array.from({ length: MAX_STRINGS }, (_, index) => `dc${index}`);

const SCHEMA = `
CREATE TABLE IF NOT EXISTS inverter (
  id INTEGER PRIMARY KEY, serial TEXT NOT NULL UNIQUE, name TEXT NOT NULL, strings TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS session (id INTEGER PRIMARY KEY, start INTEGER NOT NULL, end INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS sample (
  inv INTEGER NOT NULL, t INTEGER NOT NULL, s INTEGER NOT NULL, ac INTEGER, ${DC.map((c) => `${c} INTEGER`).join(', ')},
  yd INTEGER, yt INTEGER, temp INTEGER, lim INTEGER, state INTEGER NOT NULL,
  PRIMARY KEY (inv, t)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rollup (
  inv INTEGER NOT NULL, t INTEGER NOT NULL, ac INTEGER, ${DC.map((c) => `${c} INTEGER`).join(', ')},
  yd INTEGER, yt INTEGER, temp INTEGER, lim INTEGER, n INTEGER NOT NULL,
  PRIMARY KEY (inv, t)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS day_energy (
  inv INTEGER NOT NULL, day TEXT NOT NULL, wh REAL NOT NULL, state TEXT NOT NULL,
  PRIMARY KEY (inv, day)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS push_queue (id INTEGER PRIMARY KEY, lines TEXT NOT NULL);
PRAGMA user_version = 1;
`;

export interface InverterInfo {
  id: number;
  serial: string;
  name: string;
  strings: string[];
}

/** One point of a power series: time, AC power, DC power per string (W); null: no value. */
export interface PowerPoint {
  t: number;
  /** The recording session (raw samples) or undefined (5-minute averages). */
  session: number | undefined;
  ac: number | null;
  dc: (number | null)[];
  reachable: boolean;
}

const scale = (value: number | null, factor: number): number | null =>
  value === null ? null : Math.round(value * factor);
const unscale = (value: unknown, factor: number): number | null =>
  typeof value === 'number' ? value / factor : null;

/**
 * SQLite-in-WebAssembly locks a database with a `<file>.lock` folder, which a killed
 * process leaves behind. Only one server may use a data folder (a pid file says which),
 * so at start a lock folder left by a dead one is removed, and SQLite then rolls back the
 * transaction it was in (the journal beside the file).
 */
function claimDataFolder(dir: string, file: string): () => void {
  const pidFile = join(dir, 'companion.pid');
  let pid: number | undefined;
  try {
    pid = Number(readFileSync(pidFile, 'utf8'));
  } catch {
    pid = undefined;
  }
  if (pid && pid !== process.pid && isRunning(pid)) {
    throw new Error(`another companion server (pid ${pid}) uses ${dir}; stop it or choose another --data`);
  }
  writeFileSync(pidFile, String(process.pid));
  rmSync(`${file}.lock`, { recursive: true, force: true });
  return () => rmSync(pidFile, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class HistoryStore {
  readonly file: string;
  private readonly db: Database;
  private readonly statements: Statement[] = [];
  private readonly release: () => void;
  private readonly insertSample: Statement;
  private readonly upsertDay: Statement;
  private readonly samplesOf: Statement;
  private readonly rollupsOf: Statement;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, 'history.sqlite');
    this.release = claimDataFolder(dir, this.file);
    this.db = new sqlite.Database(this.file);
    this.db.exec(SCHEMA);
    this.insertSample = this.prepare(
      `INSERT OR IGNORE INTO sample VALUES (?, ?, ?, ?, ${DC.map(() => '?').join(', ')}, ?, ?, ?, ?, ?)`,
    );
    this.upsertDay = this.prepare('INSERT OR REPLACE INTO day_energy VALUES (?, ?, ?, ?)');
    this.samplesOf = this.prepare(
      `SELECT t, s, ac, ${DC.join(', ')}, state FROM sample WHERE inv = ? AND t >= ? AND t < ? ORDER BY t`,
    );
    this.rollupsOf = this.prepare(
      `SELECT t, ac, ${DC.join(', ')} FROM rollup WHERE inv = ? AND t >= ? AND t < ? ORDER BY t`,
    );
  }

  private prepare(sql: string): Statement {
    const statement = this.db.prepare(sql);
    this.statements.push(statement);
    return statement;
  }

  close(): void {
    for (const statement of this.statements) statement.finalize();
    this.db.close();
    this.release();
  }

  /** Runs `work` in one transaction: all of it is on disk when this returns, or none. */
  transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Whether the file is whole (SQLite's own check). */
  integrityOk(): boolean {
    return this.db.get('PRAGMA integrity_check')?.integrity_check === 'ok';
  }

  inverters(): InverterInfo[] {
    return this.db.all('SELECT id, serial, name, strings FROM inverter ORDER BY id').map((row) => ({
      id: Number(row.id),
      serial: String(row.serial),
      name: String(row.name),
      strings: JSON.parse(String(row.strings)) as string[],
    }));
  }

  /** The inverter's id, creating it or updating its names. */
  inverterId(serial: string, name: string, strings: string[]): number {
    const names = JSON.stringify(strings);
    const row = this.db.get('SELECT id, name, strings FROM inverter WHERE serial = ?', serial);
    if (!row)
      return Number(
        this.db.run('INSERT INTO inverter (serial, name, strings) VALUES (?, ?, ?)', [serial, name, names])
          .lastInsertRowid,
      );
    if (row.name !== name || row.strings !== names) {
      this.db.run('UPDATE inverter SET name = ?, strings = ? WHERE id = ?', [name, names, row.id as number]);
    }
    return Number(row.id);
  }

  /** Opens a recording session (a time the server hears the device) starting at `t`. */
  openSession(t: number): number {
    return Number(this.db.run('INSERT INTO session (start, end) VALUES (?, ?)', [t, t]).lastInsertRowid);
  }

  extendSession(id: number, start: number, end: number): void {
    this.db.run('UPDATE session SET start = min(start, ?), end = max(end, ?) WHERE id = ?', [start, end, id]);
  }

  /** When recording began (device time), or undefined before the first sample. */
  recordingSince(): number | undefined {
    const row = this.db.get(
      'SELECT min(t) AS t FROM (SELECT min(t) AS t FROM sample UNION ALL SELECT min(t) FROM rollup)',
    );
    return typeof row?.t === 'number' ? row.t : undefined;
  }

  addSample(inv: number, session: number, sample: Sample): void {
    const dc = DC.map((_, index) => scale(sample.dc[index] ?? null, 10));
    const state = (sample.reachable ? REACHABLE : 0) | (sample.producing ? PRODUCING : 0);
    this.insertSample.run([
      inv,
      sample.t,
      session,
      scale(sample.ac, 10),
      ...dc,
      scale(sample.yieldDay, 10),
      scale(sample.yieldTotal, 1000),
      scale(sample.temperature, 10),
      scale(sample.limit, 10),
      state,
    ]);
  }

  /** When each inverter's last sample was taken (to tell repeats after a restart of this server). */
  lastSampleTimes(): Map<number, number> {
    const rows = this.db.all('SELECT inv, max(t) AS t FROM sample GROUP BY inv');
    return new Map(rows.map((row) => [Number(row.inv), Number(row.t)]));
  }

  saveDay(inv: number, state: DayEnergy, wh: number): void {
    this.upsertDay.run([inv, state.day, wh, JSON.stringify(state)]);
  }

  /** The latest day state of each inverter (to go on after a restart of this server). */
  lastDays(): Map<number, DayEnergy> {
    const rows = this.db.all(
      'SELECT d.inv AS inv, d.state AS state FROM day_energy d JOIN (SELECT inv, max(day) AS day FROM day_energy GROUP BY inv) last ON d.inv = last.inv AND d.day = last.day',
    );
    return new Map(rows.map((row) => [Number(row.inv), JSON.parse(String(row.state)) as DayEnergy]));
  }

  /** Energy (Wh) per inverter and day within [from, to] (YYYY-MM-DD, inclusive). */
  dayEnergy(from: string, to: string): { inv: number; day: string; wh: number }[] {
    return this.db
      .all('SELECT inv, day, wh FROM day_energy WHERE day >= ? AND day <= ? ORDER BY day, inv', [from, to])
      .map((row) => ({ inv: Number(row.inv), day: String(row.day), wh: Number(row.wh) }));
  }

  /** Raw samples of an inverter in [from, to), then its 5-minute averages there. */
  power(inv: number, from: number, to: number): PowerPoint[] {
    const dc = (row: Row): (number | null)[] => DC.map((column) => unscale(row[column], 10));
    const rollups = rows(this.rollupsOf.all([inv, from, to])).map((row) => ({
      t: Number(row.t),
      session: undefined,
      ac: unscale(row.ac, 10),
      dc: dc(row),
      reachable: true,
    }));
    const samples = rows(this.samplesOf.all([inv, from, to])).map((row) => ({
      t: Number(row.t),
      session: Number(row.s),
      ac: unscale(row.ac, 10),
      dc: dc(row),
      reachable: (Number(row.state) & REACHABLE) !== 0,
    }));
    return [...rollups, ...samples];
  }

  /**
   * Replaces the raw samples before `before` (a multiple of 5 minutes) by 5-minute
   * averages of the reachable ones; answers how many samples went.
   */
  rollUp(before: number): number {
    return this.transaction(() => {
      const reachable = `(state & ${REACHABLE})`;
      const average = (column: string): string =>
        `CAST(round(avg(CASE WHEN ${reachable} THEN ${column} END)) AS INTEGER)`;
      this.db.run(
        `INSERT OR REPLACE INTO rollup
         SELECT inv, t - t % ${ROLLUP_MS}, ${['ac', ...DC].map(average).join(', ')},
           max(yd), max(yt), ${average('temp')}, ${average('lim')}, count(*)
         FROM sample WHERE t < ? AND ${reachable} GROUP BY inv, t - t % ${ROLLUP_MS}`,
        before,
      );
      return this.db.run('DELETE FROM sample WHERE t < ?', before).changes;
    });
  }

  /** Queues line protocol for the InfluxDB target (in the caller's transaction). */
  queuePush(lines: string): void {
    this.db.run('INSERT INTO push_queue (lines) VALUES (?)', lines);
  }

  /** The oldest queued batches, up to about `maxBytes`. */
  nextPush(maxBytes: number): { last: number; lines: string[] } | undefined {
    const lines: string[] = [];
    let last = 0;
    let bytes = 0;
    for (const row of this.db.all('SELECT id, lines FROM push_queue ORDER BY id LIMIT 200')) {
      if (bytes > 0 && bytes + String(row.lines).length > maxBytes) break;
      lines.push(String(row.lines));
      bytes += String(row.lines).length;
      last = Number(row.id);
    }
    return lines.length ? { last, lines } : undefined;
  }

  donePush(last: number): void {
    this.db.run('DELETE FROM push_queue WHERE id <= ?', last);
  }

  pushBacklog(): number {
    return Number(this.db.get('SELECT count(*) AS n FROM push_queue')?.n ?? 0);
  }
}

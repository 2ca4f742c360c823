/**
 * The recorded history: inverters, recording sessions, raw samples, their 5-minute
 * averages and the energy per inverter and day. Every SQL statement about them is here
 * (the tables are made in migrations.ts).
 *
 * - `sample`: raw samples (kept `rawDays`), `s` the recording session, so a time when the
 *   server heard nothing from the device stays a gap;
 * - `rollup`: 5-minute averages of older samples (kept for years);
 * - `day_energy`: per inverter and local day, the yield counters' state (day-energy.ts).
 */
import type { DayEnergy } from '../day-energy';
import { MAX_STRINGS, type Sample } from '../sample';
import { rows, type Connection, type Row, type Statement } from './connection';

export const ROLLUP_MS = 5 * 60_000;
const REACHABLE = 1;
const PRODUCING = 2;

const DC = Array.from({ length: MAX_STRINGS }, (_, index) => `dc${index}`);

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

/**
 * Whether the power line joins two consecutive points: raw samples of one recording
 * session, or, where a 5-minute average is one of them, points at most 5 minutes apart.
 * Across anything else (the server heard nothing, an average is missing) the chart draws
 * no line and the energy flow counts no energy.
 */
export function joined(a: PowerPoint, b: PowerPoint): boolean {
  return a.session === undefined || b.session === undefined
    ? b.t - a.t <= ROLLUP_MS
    : a.session === b.session;
}

const scale = (value: number | null, factor: number): number | null =>
  value === null ? null : Math.round(value * factor);
const unscale = (value: unknown, factor: number): number | null =>
  typeof value === 'number' ? value / factor : null;

export class HistoryStore {
  private readonly insertSample: Statement;
  private readonly upsertDay: Statement;
  private readonly samplesOf: Statement;
  private readonly rollupsOf: Statement;
  private readonly firstSampleFrom: Statement;
  private readonly rollUpRange: Statement;
  private readonly dropRange: Statement;
  private readonly extendSessionRange: Statement;
  /**
   * Each inverter's id and names as the table holds them, so that a sample costs no query
   * to find its inverter; forgotten when a transaction fails (an insert may be undone).
   */
  private readonly known = new Map<string, { id: number; name: string; strings: string }>();

  constructor(private readonly connection: Connection) {
    const reachable = `(state & ${REACHABLE})`;
    const average = (column: string): string =>
      `CAST(round(avg(CASE WHEN ${reachable} THEN ${column} END)) AS INTEGER)`;
    this.insertSample = connection.prepare(
      `INSERT OR IGNORE INTO sample VALUES (?, ?, ?, ?, ${DC.map(() => '?').join(', ')}, ?, ?, ?, ?, ?)`,
    );
    this.upsertDay = connection.prepare(
      'INSERT OR REPLACE INTO day_energy VALUES (?, ?, ?, CAST(? AS TEXT))',
    );
    this.samplesOf = connection.prepare(
      `SELECT t, s, ac, ${DC.join(', ')}, state FROM sample WHERE inv = ? AND t >= ? AND t < ? ORDER BY t`,
    );
    this.rollupsOf = connection.prepare(
      `SELECT t, ac, ${DC.join(', ')} FROM rollup WHERE inv = ? AND t >= ? AND t < ? ORDER BY t`,
    );
    this.firstSampleFrom = connection.prepare('SELECT min(t) AS t FROM sample WHERE inv = ? AND t >= ?');
    this.rollUpRange = connection.prepare(
      `INSERT OR REPLACE INTO rollup
       SELECT inv, t - t % ${ROLLUP_MS}, ${['ac', ...DC].map(average).join(', ')},
         max(yd), max(yt), ${average('temp')}, ${average('lim')}, count(*)
       FROM sample WHERE inv = ? AND t >= ? AND t < ? AND ${reachable} GROUP BY t - t % ${ROLLUP_MS}`,
    );
    this.dropRange = connection.prepare('DELETE FROM sample WHERE inv = ? AND t >= ? AND t < ?');
    this.extendSessionRange = connection.prepare(
      'UPDATE session SET start = min(start, ?), end = max(end, ?) WHERE id = ?',
    );
  }

  get file(): string {
    return this.connection.file;
  }

  /** Runs `work` in one transaction: all of it is on disk when this returns, or none. */
  transaction<T>(work: () => T): T {
    try {
      return this.connection.transaction(work);
    } catch (error) {
      this.known.clear();
      throw error;
    }
  }

  /** Whether an error of a write means the disk is full (connection.ts). */
  isDiskFull(error: unknown): boolean {
    return this.connection.isDiskFull(error);
  }

  private get db() {
    return this.connection.db;
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
    let row = this.known.get(serial);
    if (!row) {
      const found = this.db.get('SELECT id, name, strings FROM inverter WHERE serial = ?', serial);
      row = found
        ? { id: Number(found.id), name: String(found.name), strings: String(found.strings) }
        : {
            id: Number(
              this.db.run('INSERT INTO inverter (serial, name, strings) VALUES (?, ?, ?)', [
                serial,
                name,
                names,
              ]).lastInsertRowid,
            ),
            name,
            strings: names,
          };
      this.known.set(serial, row);
    }
    if (row.name !== name || row.strings !== names) {
      this.db.run('UPDATE inverter SET name = ?, strings = ? WHERE id = ?', [name, names, row.id]);
      row.name = name;
      row.strings = names;
    }
    return row.id;
  }

  /** Opens a recording session (a time the server hears the device) starting at `t`. */
  openSession(t: number): number {
    return Number(this.db.run('INSERT INTO session (start, end) VALUES (?, ?)', [t, t]).lastInsertRowid);
  }

  extendSession(id: number, start: number, end: number): void {
    this.extendSessionRange.run([start, end, id]);
  }

  /** When recording began (device time), or undefined before the first sample. */
  recordingSince(): number | undefined {
    // Per inverter, so the primary key (inv, t) finds each at once: min(t) over the whole
    // table would read all of it (2 s for 90 days of 10 inverters).
    const row = this.db.get(
      `SELECT min(t) AS t FROM (
         SELECT (SELECT min(t) FROM sample WHERE inv = i.id) AS t FROM inverter i
         UNION ALL SELECT (SELECT min(t) FROM rollup WHERE inv = i.id) FROM inverter i)`,
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
    // Per inverter through the primary key: a GROUP BY would read the whole table at every start.
    const rows = this.db.all(
      'SELECT id AS inv, (SELECT max(t) FROM sample WHERE inv = inverter.id) AS t FROM inverter',
    );
    return new Map(rows.filter((row) => row.t !== null).map((row) => [Number(row.inv), Number(row.t)]));
  }

  /**
   * Each inverter's last lifetime energy recorded above 0 (Wh), by serial: what a Modbus
   * client is served until the device tells again (a 0 is a restarting DTU, not a reading).
   * Per inverter from its newest sample backwards through the primary key, then its rollups.
   */
  lastYieldTotals(): Map<string, number> {
    const rows = this.db.all(
      `SELECT serial, coalesce(
         (SELECT yt FROM sample WHERE inv = inverter.id AND yt > 0 ORDER BY t DESC LIMIT 1),
         (SELECT yt FROM rollup WHERE inv = inverter.id AND yt > 0 ORDER BY t DESC LIMIT 1)) AS yt
       FROM inverter`,
    );
    return new Map(
      rows.filter((row) => typeof row.yt === 'number').map((row) => [String(row.serial), Number(row.yt)]),
    );
  }

  /**
   * Saves an inverter's day (the recorder, at each valid reading). Its state goes in as UTF-8
   * bytes that SQLite stores as text: node-sqlite3-wasm copies a string into SQLite's memory
   * one character at a time in JavaScript, bytes in one copy (33 µs against 9 µs a day
   * under the installed node flags, most of what a reading cost to write).
   */
  saveDay(inv: number, state: DayEnergy, wh: number): void {
    this.upsertDay.run([inv, state.day, wh, Buffer.from(JSON.stringify(state))]);
  }

  /** Forgets a day's state (a day the device's clock passed through by mistake). */
  deleteDay(inv: number, day: string): void {
    this.db.run('DELETE FROM day_energy WHERE inv = ? AND day = ?', [inv, day]);
  }

  /** One day's saved state of an inverter. */
  dayState(inv: number, day: string): DayEnergy | undefined {
    const row = this.db.get('SELECT state FROM day_energy WHERE inv = ? AND day = ?', [inv, day]);
    return row ? (JSON.parse(String(row.state)) as DayEnergy) : undefined;
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

  /** The time of an inverter's first raw sample at or after `from` (the index finds it at once). */
  firstSample(inv: number, from: number): number | undefined {
    const t = this.firstSampleFrom.get([inv, from])?.t;
    return typeof t === 'number' ? t : undefined;
  }

  /**
   * Replaces an inverter's raw samples in [from, to) (both multiples of 5 minutes) by
   * 5-minute averages of the reachable ones, in one transaction; answers how many went.
   */
  rollUp(inv: number, from: number, to: number): number {
    return this.transaction(() => {
      this.rollUpRange.run([inv, from, to]);
      return this.dropRange.run([inv, from, to]).changes;
    });
  }
}

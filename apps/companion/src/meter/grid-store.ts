/**
 * The grid meter's history in the history database (tables of meter/grid-migration.ts):
 * every SQL statement about them is here. Power in 0.1 W; energy in Wh.
 */
import { rows, type Connection, type Row, type Statement } from '../recorder/db/connection';

/** Energy per 5-minute slot or local day: taken from the grid, fed into it, and the time the readings covered. */
export interface GridEnergyRow {
  importWh: number;
  exportWh: number;
  coveredMs: number;
}

export interface GridSlotRow extends GridEnergyRow {
  t: number;
}

export interface GridDayRow extends GridEnergyRow {
  day: string;
}

/** One point of the meter's power: raw (`n` undefined) or a 5-minute average of `n` readings. */
export interface GridPowerPoint {
  t: number;
  w: number;
  n?: number;
}

export const GRID_SLOT_MS = 5 * 60_000;

/** A slot's or a day's energy columns. */
const energyOf = (row: Row): GridEnergyRow => ({
  importWh: Number(row.import_wh),
  exportWh: Number(row.export_wh),
  coveredMs: Number(row.covered_ms),
});

export class GridStore {
  private readonly insertSample: Statement;
  private readonly addSlot: Statement;
  private readonly addDay: Statement;
  private readonly putState: Statement;
  private readonly slotsIn: Statement;
  private readonly daysIn: Statement;
  private readonly samplesIn: Statement;
  private readonly rollupsIn: Statement;
  private readonly rollUpRange: Statement;
  private readonly dropRange: Statement;

  constructor(private readonly connection: Connection) {
    this.insertSample = connection.prepare('INSERT OR REPLACE INTO grid_sample VALUES (?, ?)');
    const add = (table: string, key: string) =>
      connection.prepare(
        `INSERT INTO ${table} VALUES (?, ?, ?, ?) ON CONFLICT(${key}) DO UPDATE SET
           import_wh = import_wh + excluded.import_wh, export_wh = export_wh + excluded.export_wh,
           covered_ms = covered_ms + excluded.covered_ms`,
      );
    this.addSlot = add('grid_slot', 't');
    this.addDay = add('grid_day', 'day');
    this.putState = connection.prepare('INSERT OR REPLACE INTO grid_state VALUES (1, ?)');
    this.slotsIn = connection.prepare(
      'SELECT t, import_wh, export_wh, covered_ms FROM grid_slot WHERE t >= ? AND t < ? ORDER BY t',
    );
    this.daysIn = connection.prepare(
      'SELECT day, import_wh, export_wh, covered_ms FROM grid_day WHERE day >= ? AND day <= ? ORDER BY day',
    );
    this.samplesIn = connection.prepare('SELECT t, p FROM grid_sample WHERE t >= ? AND t < ? ORDER BY t');
    this.rollupsIn = connection.prepare('SELECT t, p, n FROM grid_rollup WHERE t >= ? AND t < ? ORDER BY t');
    this.rollUpRange = connection.prepare(
      `INSERT OR REPLACE INTO grid_rollup
       SELECT t - t % ${GRID_SLOT_MS}, CAST(round(avg(p)) AS INTEGER), count(*)
       FROM grid_sample WHERE t >= ? AND t < ? GROUP BY t - t % ${GRID_SLOT_MS}`,
    );
    this.dropRange = connection.prepare('DELETE FROM grid_sample WHERE t >= ? AND t < ?');
  }

  transaction<T>(work: () => T): T {
    return this.connection.transaction(work);
  }

  isDiskFull(error: unknown): boolean {
    return this.connection.isDiskFull(error);
  }

  addPower(t: number, w: number): void {
    this.insertSample.run([t, Math.round(w * 10)]);
  }

  addToSlot(t: number, energy: GridEnergyRow): void {
    this.addSlot.run([t, energy.importWh, energy.exportWh, Math.round(energy.coveredMs)]);
  }

  addToDay(day: string, energy: GridEnergyRow): void {
    this.addDay.run([day, energy.importWh, energy.exportWh, Math.round(energy.coveredMs)]);
  }

  /** Keeps the accounting's state (meter/grid-energy.ts), as JSON. */
  saveState(state: object): void {
    this.putState.run([JSON.stringify(state)]);
  }

  state<T extends object>(): T | undefined {
    const row = this.connection.db.get('SELECT state FROM grid_state WHERE id = 1');
    return row ? (JSON.parse(String(row.state)) as T) : undefined;
  }

  /** The slots starting in [from, to). */
  slots(from: number, to: number): GridSlotRow[] {
    return rows(this.slotsIn.all([from, to])).map((row) => ({ t: Number(row.t), ...energyOf(row) }));
  }

  /** The days in [from, to] (YYYY-MM-DD, inclusive). */
  days(from: string, to: string): GridDayRow[] {
    return rows(this.daysIn.all([from, to])).map((row) => ({ day: String(row.day), ...energyOf(row) }));
  }

  /** Whether the meter was ever recorded. */
  hasAny(): boolean {
    return this.connection.db.get('SELECT 1 AS x FROM grid_day LIMIT 1') != null;
  }

  /** The meter's power in [from, to): its 5-minute averages, then its raw samples. */
  power(from: number, to: number): GridPowerPoint[] {
    const rollups = rows(this.rollupsIn.all([from, to])).map((row) => ({
      t: Number(row.t),
      w: Number(row.p) / 10,
      n: Number(row.n),
    }));
    const samples = rows(this.samplesIn.all([from, to])).map((row) => ({
      t: Number(row.t),
      w: Number(row.p) / 10,
    }));
    return [...rollups, ...samples];
  }

  /** The time of the first raw sample, if any. */
  firstSample(): number | undefined {
    const t = this.connection.db.get('SELECT min(t) AS t FROM grid_sample')?.t;
    return typeof t === 'number' ? t : undefined;
  }

  /** Replaces the raw samples in [from, to) (multiples of 5 minutes) by their averages, in one transaction. */
  rollUp(from: number, to: number): number {
    return this.transaction(() => {
      this.rollUpRange.run([from, to]);
      return this.dropRange.run([from, to]).changes;
    });
  }
}

/**
 * The history database's schema as an ordered list of migrations. `PRAGMA user_version`
 * says which have run; at start every later one runs, each in its own transaction that
 * also sets the version, so a crash in the middle of one leaves the version before it
 * (SQLite rolls the half-done transaction back) and the next start runs it again.
 *
 * A migration is never changed once released: a database of that version exists on
 * someone's disk. Change the schema by appending one. Values are stored as scaled
 * integers (SQLite stores small integers in 1 to 4 bytes, a REAL in 8): power in 0.1 W,
 * YieldDay in 0.1 Wh, YieldTotal in Wh, temperature in 0.1 °C, limit in 0.1 %.
 */
import { GRID_MIGRATION } from '../../meter/grid-migration';
import type { Database } from './connection';

export interface Migration {
  version: number;
  /** Why the schema changed, for the reader (and the log of a test's migration). */
  why: string;
  up: (db: Database) => void;
}

/** The six DC columns: written out, so that a later change of MAX_STRINGS cannot change version 1. */
const DC = 'dc0 INTEGER, dc1 INTEGER, dc2 INTEGER, dc3 INTEGER, dc4 INTEGER, dc5 INTEGER';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: `the first schema (release 0.1): inverters; sessions (stretches of time the device was
      heard, so a gap stays a gap); raw samples; their 5-minute averages; the yield counters'
      state per inverter and day (day-energy.ts); line protocol waiting for InfluxDB`,
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS inverter (
          id INTEGER PRIMARY KEY, serial TEXT NOT NULL UNIQUE, name TEXT NOT NULL, strings TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS session (id INTEGER PRIMARY KEY, start INTEGER NOT NULL, end INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS sample (
          inv INTEGER NOT NULL, t INTEGER NOT NULL, s INTEGER NOT NULL, ac INTEGER, ${DC},
          yd INTEGER, yt INTEGER, temp INTEGER, lim INTEGER, state INTEGER NOT NULL,
          PRIMARY KEY (inv, t)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS rollup (
          inv INTEGER NOT NULL, t INTEGER NOT NULL, ac INTEGER, ${DC},
          yd INTEGER, yt INTEGER, temp INTEGER, lim INTEGER, n INTEGER NOT NULL,
          PRIMARY KEY (inv, t)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS day_energy (
          inv INTEGER NOT NULL, day TEXT NOT NULL, wh REAL NOT NULL, state TEXT NOT NULL,
          PRIMARY KEY (inv, day)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS push_queue (id INTEGER PRIMARY KEY, lines TEXT NOT NULL);`),
  },
  {
    version: 2,
    why: `when each push batch was queued (epoch ms; null for batches queued before), so the
      health answer can tell how long the InfluxDB target has been missing samples`,
    up: (db) => db.exec('ALTER TABLE push_queue ADD COLUMN queued INTEGER'),
  },
  {
    version: 3,
    why: `alerts (issue 31): each alert with its start and end on the device's clock (at most one
      open per rule and inverter); the outbox of messages to send, written in the transaction
      that raises or resolves the alert, marked sent once the receiver took it`,
    up: (db) =>
      db.exec(`
        CREATE TABLE alert (
          id INTEGER PRIMARY KEY, rule TEXT NOT NULL, serial TEXT, name TEXT, text TEXT NOT NULL,
          started INTEGER NOT NULL, ended INTEGER);
        CREATE UNIQUE INDEX alert_open ON alert (rule, ifnull(serial, '')) WHERE ended IS NULL;
        CREATE TABLE alert_outbox (
          id INTEGER PRIMARY KEY, alert INTEGER NOT NULL REFERENCES alert (id), event TEXT NOT NULL,
          channel TEXT NOT NULL, title TEXT NOT NULL, text TEXT NOT NULL, queued INTEGER NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0, answer TEXT, sent INTEGER);
        CREATE INDEX alert_outbox_waiting ON alert_outbox (channel, id) WHERE sent IS NULL;`),
  },
  {
    version: 4,
    why: `alert rules of issue 31's second part: an alert's key names what it is about (a string,
      an event log entry, a day), so one inverter may have several open of one rule; a
      message may wait for the end of the owner's quiet hours (\`due\`, this machine's epoch ms)`,
    up: (db) =>
      db.exec(`
        ALTER TABLE alert ADD COLUMN key TEXT;
        UPDATE alert SET key = rule || ':' || ifnull(serial, '');
        DROP INDEX alert_open;
        CREATE UNIQUE INDEX alert_open_key ON alert (key) WHERE ended IS NULL;
        ALTER TABLE alert_outbox ADD COLUMN due INTEGER;`),
  },
  GRID_MIGRATION,
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

export function userVersion(db: Database): number {
  return Number(db.get('PRAGMA user_version')?.user_version ?? 0);
}

/** Runs every migration after the database's version, in order, one transaction each. */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1)
      throw new Error(`migration ${index + 1} is numbered ${migration.version}`);
  });
  const from = userVersion(db);
  for (const migration of migrations.slice(from)) {
    db.exec('BEGIN IMMEDIATE');
    try {
      migration.up(db);
      db.exec(`PRAGMA user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
}

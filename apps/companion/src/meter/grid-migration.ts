/**
 * The grid meter's tables (issue 45), migration 5 of the history database (its ordered
 * list is recorder/db/migrations.ts; never change this once released). Values as the
 * recorder's: power in 0.1 W; energy in Wh as REAL (a 5-minute slot holds fractions).
 * - `grid_sample`: the meter's power, one row per recorder beat (about 5 s), kept `rawDays`;
 * - `grid_rollup`: their 5-minute averages (n: how many), kept for years;
 * - `grid_slot`: Wh taken from and fed into the grid per 5-minute slot (its start, device
 *   ms), and how much of the slot the readings covered (ms);
 * - `grid_day`: the same per local day of the device, with the time covered;
 * - `grid_state`: the accounting's state (meter/grid-energy.ts), so a restart goes on
 *   from the meter's last counters.
 */
import type { Migration } from '../recorder/db/migrations';

export const GRID_MIGRATION: Migration = {
  version: 5,
  why: `the grid meter (issue 45): its power, and the energy taken from and fed into the grid
    per 5-minute slot and per local day, with the state that lets its counters bridge a stop`,
  up: (db) =>
    db.exec(`
      CREATE TABLE grid_sample (t INTEGER PRIMARY KEY, p INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE grid_rollup (t INTEGER PRIMARY KEY, p INTEGER NOT NULL, n INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE grid_slot (
        t INTEGER PRIMARY KEY, import_wh REAL NOT NULL, export_wh REAL NOT NULL, covered_ms INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE grid_day (
        day TEXT PRIMARY KEY, import_wh REAL NOT NULL, export_wh REAL NOT NULL, covered_ms INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE grid_state (id INTEGER PRIMARY KEY CHECK (id = 1), state TEXT NOT NULL);`),
};

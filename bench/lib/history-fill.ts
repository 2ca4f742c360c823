// Fills a companion data folder with years of history fast: SQLite generates the rows
// itself (recursive CTEs, one transaction per inverter and table), into the schema the
// server's own openDatabase made. The recorder's path (HistoryStore.addSample per sample,
// as sections/companion.ts uses for one year of one inverter) would take most of an hour
// for 90 days of 10 inverters. Values follow a day's bell with noise, so pages compress
// and spread as real ones do.
import { startDay } from '../../apps/companion/src/recorder/day-energy';
import { ROLLUP_MS } from '../../apps/companion/src/recorder/db/history-store';
import { openDatabase } from '../../apps/companion/src/recorder/db/open';

const DAY_MS = 86_400_000;
/** Samples are taken from 6:00 to 18:00 (UTC) each day. */
const FROM_MS = 6 * 3_600_000;
const SPAN_MS = 12 * 3_600_000;

export interface HistoryFill {
  inverters: number;
  /** Raw samples for these many days before `rawUntil`. */
  rawDays: number;
  /** A raw sample every this many ms (the device's default poll interval: 5 s). */
  everyMs: number;
  /** Epoch ms (a UTC midnight): raw samples end here. */
  rawUntil: number;
  /** 5-minute averages and day energy for these many days before `rawUntil - rawDays`. */
  rollupDays: number;
}

export interface FilledHistory {
  rawSamples: number;
  rollups: number;
  days: number;
}

/** The bell of a sunny day as SQLite computes it from `x` in 0..1 (0.1 W). */
const bell = (x: string, peak: number): string => `CAST(4 * ${x} * (1 - ${x}) * ${peak} AS INTEGER)`;

export function fillHistory(dir: string, fill: HistoryFill): FilledHistory {
  const connection = openDatabase(dir);
  const { db } = connection;
  try {
    const strings = JSON.stringify(Array.from({ length: 6 }, (_, i) => `String ${i + 1}`));
    const rawFrom = fill.rawUntil - fill.rawDays * DAY_MS;
    const rollupFrom = rawFrom - fill.rollupDays * DAY_MS;
    const perDay = SPAN_MS / fill.everyMs;
    const rollupsPerDay = SPAN_MS / ROLLUP_MS;
    let rawSamples = 0;
    let rollups = 0;
    const session = Number(
      db.run('INSERT INTO session (start, end) VALUES (?, ?)', [rollupFrom, fill.rawUntil]).lastInsertRowid,
    );
    for (let n = 0; n < fill.inverters; n += 1) {
      const serial = String(138_291_234_567 + n);
      const inv = Number(
        db.run('INSERT INTO inverter (serial, name, strings) VALUES (?, ?, ?)', [
          serial,
          `Inverter ${n + 1}`,
          strings,
        ]).lastInsertRowid,
      );
      const peak = 3400 - n * 40;
      connection.transaction(() => {
        const x = `(1.0 * (k % ${rollupsPerDay}) / ${rollupsPerDay})`;
        const dc = bell(x, peak);
        rollups += db.run(
          `WITH RECURSIVE k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k + 1 < ${fill.rollupDays * rollupsPerDay})
           INSERT INTO rollup SELECT ${inv}, ${rollupFrom} + (k / ${rollupsPerDay}) * ${DAY_MS} + ${FROM_MS} + (k % ${rollupsPerDay}) * ${ROLLUP_MS},
             ${dc} * 6 * 96 / 100, ${dc}, ${dc}, ${dc}, ${dc}, ${dc}, ${dc},
             (k % ${rollupsPerDay}) * 1000, 12345000 + k * 100, 250 + k % 200, 1000, 60 FROM k`,
        ).changes;
      });
      connection.transaction(() => {
        const x = `(1.0 * (k % ${perDay}) / ${perDay})`;
        const dc = (s: number): string => `${bell(x, peak)} + abs(random() % ${20 + s})`;
        rawSamples += db.run(
          `WITH RECURSIVE k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k + 1 < ${fill.rawDays * perDay})
           INSERT INTO sample SELECT ${inv}, ${rawFrom} + (k / ${perDay}) * ${DAY_MS} + ${FROM_MS} + (k % ${perDay}) * ${fill.everyMs},
             ${session}, ${bell(x, peak)} * 6 * 96 / 100, ${[0, 1, 2, 3, 4, 5].map(dc).join(', ')},
             (k % ${perDay}) * 10, 12345000 + k, 250 + abs(random() % 200), 1000, 3 FROM k`,
        ).changes;
      });
      connection.transaction(() => {
        for (let day = rollupFrom; day < fill.rawUntil; day += DAY_MS) {
          const date = new Date(day).toISOString().slice(0, 10);
          const wh = 14_000 + ((day / DAY_MS) % 97) * 40 - n * 300;
          db.run('INSERT INTO day_energy VALUES (?, ?, ?, ?)', [
            inv,
            date,
            wh,
            JSON.stringify(startDay(date, undefined)),
          ]);
        }
      });
    }
    return { rawSamples, rollups, days: fill.rollupDays + fill.rawDays };
  } finally {
    connection.close();
  }
}

// The history section's figures as table rows, for each way of running SQLite's WebAssembly
// asked for (as the installed server runs, and with --wasm-tiers V8's defaults too).
import { log } from '../lib/bundles';
import { buildCompanion } from '../lib/companion-build';
import { fmt, type Row } from '../lib/table';
import { FILL, measureRollup, measureStartAndYear, measureWeek, SETUPS } from './companion-history';

const MB = 2 ** 20;

export async function historyRows(options: { weekMinutes: number; wasmTiers: boolean }): Promise<Row[]> {
  const server = await buildCompanion();
  const setups = options.wasmTiers ? SETUPS : SETUPS.slice(0, 1);
  const rows: Row[] = [];
  const history = `${FILL.inverters} inverters, ${FILL.rawDays} days raw (a sample every ${FILL.everyMs / 1000} s, 12 h a day) + 5 years of 5-min averages`;
  for (const setup of setups) {
    const label = `Companion (${setup.label})`;
    log(`  ${setup.label}: start and year view`);
    const { start, year } = await measureStartAndYear(server, setup);
    log(`  ${setup.label}: roll-up of ${FILL.rawDays} days of ${FILL.inverters} inverters`);
    const rollup = await measureRollup(setup);
    log(`  ${setup.label}: a simulated week`);
    const week = await measureWeek(server, setup, options.weekMinutes);
    const weekNote = `10 inverters, a frame a real second, device --speed ${week.speed} (a week in ${options.weekMinutes} min), ${week.daysRecorded} days recorded`;
    rows.push(
      {
        name: `${label}: start to first answer, empty folder (ms)`,
        ours: start.emptyMs,
        format: fmt.ms,
        note: 'built server (node lib/server.mjs), 3 starts',
      },
      {
        name: `${label}: same, ${(start.databaseBytes / MB).toFixed(0)} MB history, clean end before (ms)`,
        ours: start.cleanMs,
        format: fmt.ms,
        note: `${history}; 3 starts`,
      },
      {
        name: `${label}: same after an unclean end (full check) (ms)`,
        ours: start.uncleanMs,
        format: fmt.ms,
        note: 'pid file of a dead process found: PRAGMA quick_check',
      },
      {
        name: `${label}: year view, energy by month, first (ms)`,
        ours: year.coldMs,
        format: fmt.ms,
        note: 'GET /companion/api/energy?by=month, one year of 5',
      },
      {
        name: `${label}: year view, energy by month (ms)`,
        ours: year.monthsMs,
        format: fmt.ms,
        note: `${year.monthsMs.length} requests`,
      },
      {
        name: `${label}: energy by year over 6 years (ms)`,
        ours: year.yearsMs,
        format: fmt.ms,
        note: `${year.yearsMs.length} requests`,
      },
      {
        name: `${label}: roll-up of ${FILL.rawDays} days, ${FILL.inverters} inverters (s)`,
        ours: rollup.seconds,
        format: fmt.perSecond,
        note: `the recorder's batched roll-up, ${rollup.requests} requests meanwhile, one after the other`,
      },
      {
        name: `${label}: longest wait of a request during it (ms)`,
        ours: rollup.healthMaxMs,
        format: fmt.ms,
        note: `the health answer, which does no work of its own (99th percentile ${fmt.ms(rollup.healthP99Ms)} ms)`,
      },
      {
        name: `${label}: longest answer of a day of power during it (ms)`,
        ours: rollup.powerMaxMs,
        format: fmt.ms,
        note: `its own reading included; before the roll-up ${fmt.ms(rollup.baselineMaxMs)} ms at most`,
      },
      {
        name: `${label}: memory (RSS) at start of the week (MB)`,
        ours: week.rssStartMb * MB,
        format: fmt.mb,
        note: weekNote,
      },
      { name: `${label}: memory (RSS), most over the week (MB)`, ours: week.rssMaxMb * MB, format: fmt.mb },
      {
        name: `${label}: memory (RSS) at the end of the week (MB)`,
        ours: week.rssEndMb * MB,
        format: fmt.mb,
      },
      {
        name: `${label}: memory growth (MB per simulated day)`,
        ours: week.slopeMbPerDay,
        format: (value) => value.toFixed(2),
        note: 'least squares after the first day',
      },
    );
  }
  return rows;
}

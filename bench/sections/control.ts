// Zero export against the simulated house (issue 32): a clear and a cloudy summer day of
// the emulator's household (--household --meter-port 0) with the companion's controller
// reading the Shelly Pro 3EM form (control-day.ts). Figures only, no pass/fail.
//
// The controller's intervals are real time (poll 2 s, settle 11 s, interval 10 s on this
// machine's clock; the companion's --speed moves only its device clock), while the house,
// the sun and the inverters' response run on the emulator's fast clock. So at --speed n a
// second of the controller's lag is n seconds of the house's: energy exported and imported
// are upper bounds of what a real-time plant would see, settle times are given in the
// controller's (real) seconds, and the inverters' own 2-6 s delay and ramp shrink n times.
import type { WeatherClass } from '../../apps/emulator/src/sim/weather';
import { log } from '../lib/bundles';
import { fmt, type Row } from '../lib/table';
import { runDay, type DayRecord, type Sample } from './control-day';

export interface ControlOptions {
  speed: number;
  fromHour: number;
  toHour: number;
}
/** A day in 84 real minutes: the kettle still lasts 15-24 real seconds, longer than a settle. */
export const CONTROL_DEFAULTS: ControlOptions = { speed: 10, fromHour: 6, toHour: 20 };
/** The controller's defaults (README, zero export): target 0 W, band 25 W. */
const TARGET_W = 0;
const BAND_W = 25;
/** Settled: inside the band and staying there this long (real ms), or until the next step. */
const HOLD_MS = 10_000;
/** How long after a step its overshoot is looked for (real ms). */
const OVERSHOOT_MS = 60_000;
const DAYS: readonly { label: string; weather: WeatherClass }[] = [
  { label: 'sunny', weather: 'clear' },
  // Clouds passing every few minutes: harder for a controller than an overcast sky.
  { label: 'cloudy', weather: 'partly-cloudy' },
];

const inBand = (sample: Sample): boolean => Math.abs(sample.gridW - TARGET_W) <= BAND_W;

interface StepFigures {
  up: boolean;
  /** Real seconds from the step to settled; undefined: not settled before the next step. */
  settleS: number | undefined;
  /** Lowest grid power once back at the band after the step (W, negative is export). */
  lowestW: number | undefined;
}

function stepFigures(record: DayRecord): StepFigures[] {
  const { samples, steps } = record;
  return steps.map((step, i) => {
    const nextAt = steps[i + 1]?.at ?? Infinity;
    const from = samples.findIndex((s) => s.device >= step.at);
    const after = samples.slice(from).filter((s) => s.device < nextAt);
    const t0 = after[0]?.real ?? 0;
    // The kettle's end itself swings the grid 2 kW into export: an overshoot is what the
    // controller adds past the target once the grid is back at the band.
    const back = after.findIndex((s) =>
      step.up ? s.gridW <= TARGET_W + BAND_W : s.gridW >= TARGET_W - BAND_W,
    );
    const lowestW =
      back < 0
        ? undefined
        : Math.min(
            ...after
              .slice(back)
              .filter((s) => s.real - t0 <= OVERSHOOT_MS)
              .map((s) => s.gridW),
          );
    let settleS: number | undefined;
    for (let j = 0; j < after.length && settleS === undefined; j += 1) {
      const held = after.slice(j).filter((s) => s.real - after[j]!.real <= HOLD_MS);
      if (held.every(inBand)) settleS = (after[j]!.real - t0) / 1000;
    }
    return { up: step.up, settleS, lowestW };
  });
}

function dayRows(label: string, record: DayRecord, speed: number): Row[] {
  const steps = stepFigures(record);
  const deviceHours = record.deviceMs / 3_600_000;
  const realMinutes = record.realMs / 60_000;
  const perInverter = record.commands.length / Math.max(1, record.inverters);
  const settled = (up: boolean): number[] =>
    steps.filter((s) => s.up === up && s.settleS !== undefined).map((s) => s.settleS!);
  const settleNote = (up: boolean): string => {
    const all = steps.filter((s) => s.up === up).length;
    return `${settled(up).length} of ${all} steps settled (±${BAND_W} W, held ${HOLD_MS / 1000} s); real seconds`;
  };
  const lowest = steps.flatMap((s) => (s.lowestW === undefined ? [] : [s.lowestW]));
  const share = record.producedWh > 0 ? (100 * record.exportedWh) / record.producedWh : undefined;
  const name = `Control ${label}`;
  return [
    {
      name: `${name}: exported (Wh)`,
      ours: record.exportedWh,
      format: fmt.count,
      note: `${record.date}, ${(deviceHours * 60).toFixed(0)} simulated min at --speed ${speed}; produced ${fmt.count(record.producedWh)} Wh`,
    },
    { name: `${name}: imported (Wh)`, ours: record.importedWh, format: fmt.count },
    {
      name: `${name}: exported, % of production`,
      ours: share,
      format: (value) => value.toFixed(2),
      note: `goal under 1 % at target ${TARGET_W} W (sunny)`,
    },
    {
      name: `${name}: commands per inverter per hour`,
      ours: perInverter / deviceHours,
      format: fmt.perSecond,
      note: `simulated hours; ${(perInverter / realMinutes).toFixed(2)} per real minute (goal at most 1), ${record.inverters} inverters`,
    },
    {
      name: `${name}: settle after the kettle (2 kW) on (s)`,
      ours: settled(true),
      format: fmt.perSecond,
      note: settleNote(true),
    },
    {
      name: `${name}: settle after it ends (s)`,
      ours: settled(false),
      format: fmt.perSecond,
      note: settleNote(false),
    },
    {
      name: `${name}: largest overshoot (W)`,
      ours: lowest.length ? Math.min(...lowest) : undefined,
      format: fmt.count,
      note: `lowest grid power within ${OVERSHOOT_MS / 1000} real s of a kettle step, once back at the band`,
    },
  ];
}

export async function controlRows(options: ControlOptions): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { label, weather } of DAYS) {
    log(`zero export, ${label} day`);
    const record = await runDay({ weather, ...options });
    rows.push(...dayRows(label, record, options.speed));
  }
  return rows;
}

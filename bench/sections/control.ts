// Zero export against the simulated house (issue 32): a clear and a cloudy summer day of
// the emulator's household (--household --meter-port 0) with the companion's controller
// reading the Shelly Pro 3EM form (control-day.ts), then a meter and an inverter that stop
// answering mid-day (control-fault.ts). Figures only, no pass/fail.
//
// The controller runs on the device's clock (`--speed` of the companion, as the emulator's),
// so its poll, settle wait and interval are the house's seconds; what stays real time is
// the network, the meter's round trip and both processes' work, which a fast clock
// multiplies: at --speed n a real second of those is n seconds of the house. Exported and
// imported energy are upper bounds of what a real-time plant would see; settle times
// are the house's seconds from the step (so they include the real lags times the speed).
import { writeFileSync } from 'node:fs';
import type { WeatherClass } from '../../apps/emulator/src/sim/weather';
import { log } from '../lib/bundles';
import { fmt, type Row } from '../lib/table';
import { runDay, type DayRecord, type Sample } from './control-day';

/** What the section runs: the two days, and the faults on the sunny one. */
export const CONTROL_RUNS = ['sunny', 'cloudy', 'meter-silent', 'inverter-silent'] as const;
export type ControlRun = (typeof CONTROL_RUNS)[number];

export interface ControlOptions {
  speed: number;
  fromHour: number;
  toHour: number;
  runs: readonly ControlRun[];
  /** Where each run's readings and commands go as CSV (`<samples>-<run>.csv`); undefined: nowhere. */
  samples?: string | undefined;
}
/** A day in 84 real minutes: the kettle still lasts 15-24 real seconds, longer than a settle. */
export const CONTROL_DEFAULTS: ControlOptions = { speed: 10, fromHour: 6, toHour: 20, runs: CONTROL_RUNS };
/** The controller's defaults (docs/features/zero-export.md): target 0 W, band 25 W. */
const TARGET_W = 0;
const BAND_W = 25;
/** Settled: inside the band and staying there this long (device ms), or until the next step. */
const HOLD_MS = 10_000;
/** How long after a step its overshoot is looked for (device ms). */
const OVERSHOOT_MS = 60_000;
const DAYS: readonly { label: ControlRun; weather: WeatherClass }[] = [
  { label: 'sunny', weather: 'clear' },
  // Clouds passing every few minutes: harder for a controller than an overcast sky.
  { label: 'cloudy', weather: 'partly-cloudy' },
];

const inBand = (sample: Sample): boolean => Math.abs(sample.gridW - TARGET_W) <= BAND_W;

interface StepFigures {
  up: boolean;
  /** Device seconds from the step to settled; undefined: not settled before the next step. */
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
    const t0 = step.at;
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
              .filter((s) => s.device - t0 <= OVERSHOOT_MS)
              .map((s) => s.gridW),
          );
    let settleS: number | undefined;
    for (let j = 0; j < after.length && settleS === undefined; j += 1) {
      const held = after.slice(j).filter((s) => s.device - after[j]!.device <= HOLD_MS);
      if (held.every(inBand)) settleS = (after[j]!.device - t0) / 1000;
    }
    return { up: step.up, settleS, lowestW };
  });
}

function dayRows(label: string, record: DayRecord, speed: number): Row[] {
  const steps = stepFigures(record);
  const deviceHours = record.deviceMs / 3_600_000;
  const perInverter = record.commands.length / Math.max(1, record.inverters);
  const settled = (up: boolean): number[] =>
    steps.filter((s) => s.up === up && s.settleS !== undefined).map((s) => s.settleS!);
  const settleNote = (up: boolean): string => {
    const all = steps.filter((s) => s.up === up).length;
    return `${settled(up).length} of ${all} steps settled (±${BAND_W} W, held ${HOLD_MS / 1000} s); the house's seconds, goal 30`;
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
      note: `simulated hours; ${(perInverter / (deviceHours * 60)).toFixed(2)} a minute (goal at most 1), ${record.inverters} inverters`,
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
      note: `lowest grid power within ${OVERSHOOT_MS / 1000} s of a kettle step, once back at the band`,
    },
  ];
}

/** The fallback of the meter-silent run (W): what the inverters may feed together then. */
const FAULT_FALLBACK_W = 300;
/** Device minutes of control before and after a fault, and the fault's own length. */
const FAULT_SPAN_MIN = { before: 10, during: 10, after: 10 };

/** Figures of the minutes a fault stood, and of the return to control after it. */
function faultRows(label: string, record: DayRecord): Row[] {
  const fault = record.fault!;
  const during = record.samples.filter((s) => s.device >= fault.fromAt && s.device < fault.toAt);
  let exportedWh = 0;
  for (let i = 1; i < during.length; i += 1)
    exportedWh += (Math.max(0, -during[i]!.gridW) * (during[i]!.device - during[i - 1]!.device)) / 3_600_000;
  const wallFrom = during[0]?.wall ?? 0;
  const wallTo = during.at(-1)?.wall ?? 0;
  const sent = record.commands.filter((c) => {
    const at = Date.parse(c.sent);
    return at >= wallFrom && at <= wallTo;
  });
  const after = record.samples.filter((s) => s.device >= fault.toAt);
  const back = after.findIndex(inBand);
  const minutes = (fault.toAt - fault.fromAt) / 60_000;
  return [
    {
      name: `Control ${label}: exported while it stood (Wh)`,
      ours: exportedWh,
      format: (value) => value.toFixed(1),
      note: `${record.date}, ${minutes} simulated min${fault.serial ? ` of ${fault.serial}` : ''}; the whole run ${fmt.count(record.exportedWh)} Wh of ${fmt.count(record.producedWh)} Wh`,
    },
    {
      name: `Control ${label}: largest export while it stood (W)`,
      ours: Math.max(0, ...during.map((s) => -s.gridW)),
      format: fmt.count,
      note: label.includes('meter')
        ? `fallback ${FAULT_FALLBACK_W} W for the plant`
        : 'its share went to the others',
    },
    {
      name: `Control ${label}: commands while it stood`,
      ours: sent.length,
      format: fmt.count,
      note: `${record.inverters} inverters; ${record.commands.length} in the whole run of ${(record.deviceMs / 60_000).toFixed(0)} simulated min`,
    },
    {
      name: `Control ${label}: back in the band after it (s)`,
      ours: back < 0 ? undefined : (after[back]!.device - fault.toAt) / 1000,
      format: fmt.perSecond,
      note: "the house's seconds from its end to the first reading inside the band",
    },
  ];
}

/**
 * The run's meter readings and the controller's commands in time order, one a line:
 * `t` (device epoch ms), `grid_w` or the command (`serial`, `limit_w`, `status`).
 */
function writeSamples(file: string, record: DayRecord): void {
  const first = record.samples[0];
  const last = record.samples.at(-1);
  if (!first || !last) return;
  // A command's time is this machine's: on the device's clock by the run's own pace.
  const pace = (last.device - first.device) / Math.max(1, last.wall - first.wall);
  const lines = [
    ...record.samples.map((s) => [s.device, `${s.device},${s.gridW},,,`] as const),
    ...record.commands.map((c) => {
      const at = Math.round(first.device + (Date.parse(c.sent) - first.wall) * pace);
      return [at, `${at},,${c.serial},${c.limit_w},${c.status}`] as const;
    }),
  ].sort((a, b) => a[0] - b[0]);
  writeFileSync(file, ['t,grid_w,serial,limit_w,status', ...lines.map(([, line]) => line)].join('\n') + '\n');
  log(`  readings and commands: ${file}`);
}

export async function controlRows(options: ControlOptions): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { label, weather } of DAYS.filter((day) => options.runs.includes(day.label))) {
    log(`zero export, ${label} day`);
    const record = await runDay({
      weather,
      speed: options.speed,
      fromHour: options.fromHour,
      toHour: options.toHour,
    });
    rows.push(...dayRows(label, record, options.speed));
    if (options.samples) writeSamples(`${options.samples}-${label}.csv`, record);
  }
  // Mid-day faults on the sunny day, each in a span of its own around 11:00.
  const at = 11;
  const span = {
    fromHour: at - FAULT_SPAN_MIN.before / 60,
    toHour: at + (FAULT_SPAN_MIN.during + FAULT_SPAN_MIN.after) / 60,
  };
  const fault = { fromHour: at, toHour: at + FAULT_SPAN_MIN.during / 60 };
  for (const kind of (['meter-silent', 'inverter-silent'] as const).filter((run) =>
    options.runs.includes(run),
  )) {
    log(`zero export, sunny day, ${kind}`);
    const record = await runDay({
      weather: 'clear',
      speed: options.speed,
      ...span,
      fault: { kind, ...fault },
      fallbackW: kind === 'meter-silent' ? FAULT_FALLBACK_W : undefined,
    });
    rows.push(...faultRows(kind === 'meter-silent' ? 'meter silent' : 'inverter silent', record));
    if (options.samples) writeSamples(`${options.samples}-${kind}.csv`, record);
  }
  return rows;
}

/**
 * The grid meter's part of the history answers (issue 45): per period of
 * /companion/api/energy its figures beside the production, and the day of
 * /companion/api/flow in 5-minute slots.
 */
import type { EnergyBy, EnergyFlowFields, FlowRow } from '@opendtu/api';
import type { DeviceClock } from '../device/clock';
import { periodOf, periodsBetween } from '../history/dates';
import { joined, type PowerPoint } from '../recorder/db/history-store';
import { flowFields, flowRow, sumOf, type GridEnergy } from './flow-figures';
import { GRID_SLOT_MS, type GridStore } from './grid-store';

/** A day's readings may miss this much and still cover it (a restart, the first minutes). */
const COVER_SLACK_MS = 15 * 60_000;

export interface GridHistory {
  store: GridStore;
  clock: DeviceClock;
}

/**
 * Each period's flow figures, from the production (Wh a day, absent where nothing was
 * recorded) and the meter's days in it. A period the meter covered in part counts the
 * production of its metered days only (another day's would pass for the sun used at home);
 * one without the meter's readings has its whole production and no grid figures.
 */
export function periodFlows(
  grid: GridHistory | undefined,
  from: string,
  to: string,
  by: EnergyBy,
  producedByDay: ReadonlyMap<string, number>,
): Map<string, EnergyFlowFields> {
  const rows = grid ? grid.store.days(from, to) : [];
  const energy = new Map<string, GridEnergy & { covered: boolean }>();
  const seen = new Set(rows.map((row) => row.day));
  const now = grid?.clock.ready ? grid.clock.now() : undefined;
  for (const row of rows) {
    const period = periodOf(row.day, by);
    const sum = energy.get(period) ?? { importWh: 0, exportWh: 0, covered: true };
    sum.importWh += row.importWh;
    sum.exportWh += row.exportWh;
    if (grid && !covered(grid.clock, row.day, row.coveredMs, now)) sum.covered = false;
    energy.set(period, sum);
  }
  // A day of the period without the meter's readings (before it was set): not whole.
  if (grid && now !== undefined && rows.length) {
    const today = grid.clock.day(now);
    for (let day = from; day <= to && day <= today; day = nextDay(day)) {
      const sum = energy.get(periodOf(day, by));
      if (sum && !seen.has(day)) sum.covered = false;
    }
  }
  const flows = new Map<string, EnergyFlowFields>();
  const production = new Map<string, { all: number[]; metered: number[] }>(
    periodsBetween(from, to, by).map((period) => [period, { all: [], metered: [] }]),
  );
  for (const [day, wh] of producedByDay) {
    const sums = production.get(periodOf(day, by));
    sums?.all.push(wh);
    if (seen.has(day)) sums?.metered.push(wh);
  }
  for (const [period, { all, metered }] of production) {
    const sum = energy.get(period);
    flows.set(period, flowFields(sumOf(sum ? metered : all), sum ?? null, sum ? sum.covered : null));
  }
  return flows;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function covered(clock: DeviceClock, day: string, coveredMs: number, now: number | undefined): boolean {
  const [start, end] = clock.dayBounds(day);
  const expected = Math.max(0, Math.min(end, now ?? end) - start);
  return coveredMs >= expected - COVER_SLACK_MS;
}

/** The inverters' AC energy per slot of the day (trapezoids of their power; gaps and unreachable count 0). */
function producedPerSlot(inverters: PowerPoint[][], from: number, count: number): number[] {
  const slots = Array<number>(count).fill(0);
  for (const points of inverters) {
    for (let i = 1; i < points.length; i += 1) {
      const a = points[i - 1]!;
      const b = points[i]!;
      if (!joined(a, b) || !a.reachable || !b.reachable || a.ac === null || b.ac === null) continue;
      const wh = ((a.ac + b.ac) / 2) * ((b.t - a.t) / 3_600_000);
      const index = Math.floor((b.t - from) / GRID_SLOT_MS);
      if (index >= 0 && index < count) slots[index]! += wh;
    }
  }
  return slots;
}

const round1 = (wh: number): number => Math.round(wh * 10) / 10;

/**
 * The day's 5-minute rows: production from the inverters' power as recorded (a day the
 * recorder joined late has none before), import and export from the meter's slots.
 */
export function flowRows(
  grid: GridHistory | undefined,
  dayFrom: number,
  dayTo: number,
  inverters: PowerPoint[][],
): FlowRow[] {
  const count = Math.ceil((dayTo - dayFrom) / GRID_SLOT_MS);
  const power = producedPerSlot(inverters, dayFrom, count);
  const recorded = inverters.some((points) => points.length > 0);
  const meter = new Map((grid?.store.slots(dayFrom, dayTo) ?? []).map((slot) => [slot.t, slot]));
  return Array.from({ length: count }, (_, index): FlowRow => {
    const t = dayFrom + index * GRID_SLOT_MS;
    const produced = recorded ? round1(power[index]!) : null;
    const slot = meter.get(t);
    if (!slot) return [t, produced, null, null, null, null];
    return flowRow(t, produced, round1(slot.exportWh), round1(slot.importWh));
  });
}

/**
 * The plant's day of energy flow (issue 45) from each device's own GET
 * /companion/api/flow answer for the day: production summed over the devices, the grid from
 * the plant's own meter (one house) where it has one, else the devices' meters summed (each
 * its own house). Pure.
 */
import {
  energyFlow,
  flowRow,
  type DeviceHistory,
  type EnergyBy,
  type EnergyFlowFields,
  type FlowAnswer,
  type FlowRow,
  type GridEnergy,
} from '@opendtu/api';
import { sumOf } from './flow-figures';
import { GRID_SLOT_MS } from './grid-store';

const DAY_MS = 86_400_000;
const round1 = (wh: number): number => Math.round(wh * 10) / 10;

/** The plant's own meter's energy per period (every day in [from, to]); undefined without one. */
export type PlantGridPeriods = (
  from: string,
  to: string,
  by: EnergyBy,
) => Map<string, { grid: GridEnergy; complete: boolean }> | undefined;

export interface PlantGridDay {
  /** The plant meter's slots by their start (device ms). */
  slots: ReadonlyMap<number, GridEnergy>;
  /** Its day in sum, and whether its readings covered the day. */
  day: { grid: GridEnergy; complete: boolean } | null;
}

export function plantFlow(
  date: string,
  devices: readonly DeviceHistory<FlowAnswer>[],
  plant: PlantGridDay | undefined,
): FlowAnswer {
  const answers = devices.flatMap((device) => ('answer' in device ? [device.answer] : []));
  const grid = answers[0];
  const from = grid?.from ?? Date.parse(`${date}T00:00:00Z`);
  const to = grid?.to ?? from + DAY_MS;
  const count = Math.ceil((to - from) / GRID_SLOT_MS);
  const byT = answers.map((answer) => new Map(answer.points.map((row) => [row[0], row])));
  const points = Array.from({ length: count }, (_, index): FlowRow => {
    const t = from + index * GRID_SLOT_MS;
    const rows = byT.map((rowsOf) => rowsOf.get(t));
    const produced = sumOf(rows.map((row) => row?.[1]));
    const own = plant?.slots.get(t);
    const exported = plant ? (own ? round1(own.exportWh) : null) : sumOf(rows.map((row) => row?.[3]));
    const imported = plant ? (own ? round1(own.importWh) : null) : sumOf(rows.map((row) => row?.[4]));
    if (exported === null || imported === null) return [t, produced, null, null, null, null];
    return flowRow(t, produced, exported, imported);
  });
  const produced = sumOf(answers.map((answer) => answer.day.produced_wh));
  return {
    date,
    timezone: grid?.timezone ?? '',
    from,
    to,
    slot_ms: GRID_SLOT_MS,
    columns: ['t', 'produced_wh', 'self_used_wh', 'exported_wh', 'imported_wh', 'consumption_wh'],
    points,
    day: plant
      ? energyFlow(produced, plant.day?.grid ?? null, plant.day?.complete ?? null)
      : devicesDay(
          produced,
          answers.map((answer) => answer.day),
        ),
  };
}

/**
 * The devices' meters summed (each its own house); whole only when each of them is. Only
 * the metered devices' production counts: another's would pass for the sun used at home.
 */
function devicesDay(produced: number | null, days: readonly EnergyFlowFields[]): EnergyFlowFields {
  const metered = days.filter((day) => day.imported_wh !== null && day.exported_wh !== null);
  if (metered.length === 0) return energyFlow(produced, null, null);
  return energyFlow(
    sumOf(metered.map((day) => day.produced_wh)),
    {
      importWh: metered.reduce((sum, day) => sum + day.imported_wh!, 0),
      exportWh: metered.reduce((sum, day) => sum + day.exported_wh!, 0),
    },
    metered.length === days.length && metered.every((day) => day.grid_complete === true),
  );
}

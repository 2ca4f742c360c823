/**
 * The flow's figures of a period from its production and its grid energy (pure; the
 * contract's EnergyFlowFields says what each means). Rounded to 0.1 Wh first, then
 * derived by subtraction and addition, so produced = self-used + exported and
 * consumption = self-used + imported hold exactly on what is shown.
 */
import type { EnergyFlowFields } from '@opendtu/api';

/** More fed in than produced by up to this much is the counters' rounding, not a lack. */
const ROUNDING_WH = 1;

const round1 = (wh: number): number => Math.round(wh * 10) / 10;
const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

export const NO_FLOW: EnergyFlowFields = {
  produced_wh: null,
  self_used_wh: null,
  exported_wh: null,
  imported_wh: null,
  consumption_wh: null,
  self_consumption_pct: null,
  self_sufficiency_pct: null,
  grid_complete: null,
};

export interface GridEnergy {
  importWh: number;
  exportWh: number;
}

/** A period's figures: `producedWh` null where nothing was recorded, `grid` null without the meter. */
export function flowFields(
  producedWh: number | null,
  grid: GridEnergy | null,
  complete: boolean | null,
): EnergyFlowFields {
  const produced = producedWh === null ? null : round1(producedWh);
  if (!grid) return { ...NO_FLOW, produced_wh: produced };
  const exported = round1(grid.exportWh);
  const imported = round1(grid.importWh);
  const figures: EnergyFlowFields = {
    ...NO_FLOW,
    produced_wh: produced,
    exported_wh: exported,
    imported_wh: imported,
    grid_complete: complete,
  };
  if (produced === null) return figures;
  let selfUsed = round1(produced - exported);
  if (selfUsed < -ROUNDING_WH) return figures;
  selfUsed = Math.max(0, selfUsed);
  const consumption = round1(selfUsed + imported);
  return {
    ...figures,
    self_used_wh: selfUsed,
    consumption_wh: consumption,
    self_consumption_pct: percent(selfUsed, produced),
    self_sufficiency_pct: percent(selfUsed, consumption),
  };
}

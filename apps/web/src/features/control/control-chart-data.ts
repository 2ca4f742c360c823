// The Control screen's chart of today, pure: the meter's power and the limits the
// controller held (its own minutes, /companion/api/control/day) over the inverters' output
// from the recorder (/companion/api/power), all on the minutes of the device's day.
import type { ControlDayAnswer, PowerAnswer } from '@opendtu/api';
import { yScale } from '../../components/chart/chart-lines';
import { SLOT_MS, SLOTS, type Series } from '../../lib/day-curve';
import { recordedDay } from '../../lib/history-curve';

export interface ControlChartData {
  /** W, positive for import. */
  meter: Series;
  /** The inverters' AC output together, W. */
  output: Series;
  /** The sum of the limits the controller held, W. */
  limits: Series;
  /** The first and last minute with any value; undefined when there is none yet. */
  span: { first: number; last: number } | undefined;
  /** The value axis: from `bottom` (at most 0, the meter exports below it) to `top`. */
  bottom: number;
  top: number;
  step: number;
  /** Energy over the meter's minutes, Wh: fed into the grid and taken from it. */
  exportedWh: number;
  importedWh: number;
}

export function controlChart(power: PowerAnswer, day: ControlDayAnswer): ControlChartData {
  // As the recorder's day: minutes count back from its end (see lib/history-curve).
  const midnight = power.to - SLOTS * SLOT_MS;
  const output = recordedDay(power).curve.total;
  const meter: Series = Array<null>(SLOTS).fill(null);
  const limits: Series = Array<null>(SLOTS).fill(null);
  for (const [t, meterW, limitsW] of day.points) {
    const slot = Math.floor((t - midnight) / SLOT_MS);
    if (slot < 0 || slot >= SLOTS) continue;
    meter[slot] = meterW;
    limits[slot] = limitsW;
  }
  let span: ControlChartData['span'];
  let low = 0;
  let high = 0;
  let exportedWh = 0;
  let importedWh = 0;
  for (let slot = 0; slot < SLOTS; slot += 1) {
    const values = [meter[slot], output[slot], limits[slot]].filter((w): w is number => w != null);
    if (!values.length) continue;
    span = { first: span?.first ?? slot, last: slot };
    low = Math.min(low, ...values);
    high = Math.max(high, ...values);
    const w = meter[slot];
    if (w != null) {
      if (w < 0) exportedWh -= w / 60;
      else importedWh += w / 60;
    }
  }
  const { step } = yScale(high - low);
  const bottom = step * Math.floor(low / step);
  return {
    meter,
    output,
    limits,
    span,
    bottom,
    top: Math.max(step * Math.ceil(high / step), bottom + step),
    step,
    exportedWh,
    importedWh,
  };
}

/** An SVG path of a series over minutes (x) in a plot PLOT_H high; a minute without a value breaks it. */
export function seriesPath(series: Series, bottom: number, top: number, height: number): string {
  let d = '';
  series.forEach((w, slot) => {
    if (w == null) return;
    const y = (height - ((w - bottom) / (top - bottom)) * height).toFixed(1);
    d += series[slot - 1] == null ? `M${slot} ${y}h0` : `L${slot} ${y}`;
  });
  return d;
}

// The frame of the companion's plots (the power chart's CSS: .chart-y, .chart-x, .chart-grid):
// the value axis beside it, and for a plot of the device's day its hours and grid. The power
// chart (chart-plot.tsx, in the device's bundle) keeps its own inline: gzip packs it smaller.
import { useI18n } from '../../i18n/i18n-provider';
import { axisLabel } from '../../lib/axis-label';
import { SLOTS } from '../../lib/day-curve';
import { PLOT_H } from './chart-lines';
import { slotTime } from './chart-plot';

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

/** The labels beside a plot: each tick at `top(tick)`, its distance from the top in %. */
export function ValueAxis(props: {
  ticks: readonly number[];
  top: (value: number) => number;
  step: number;
  unit: Parameters<typeof axisLabel>[3];
}) {
  const { locale } = useI18n();
  return (
    <div className="chart-y small text-body-secondary" aria-hidden="true">
      {props.ticks.map((value) => (
        <span key={value} style={{ top: `${props.top(value)}%` }}>
          {axisLabel(locale, value, props.step, props.unit)}
        </span>
      ))}
    </div>
  );
}

/** The hours below a plot of the day, every third one; on a phone only each `every`th. */
export function HourAxis({ every }: { every: number }) {
  return (
    <div className="chart-x small text-body-secondary">
      {HOURS.map((h) => (
        <span
          key={h}
          style={{ left: `${(h / 24) * 100}%` }}
          className={h % every ? 'd-none d-sm-inline' : undefined}
        >
          {slotTime(h * 60)}
        </span>
      ))}
    </div>
  );
}

/** A day plot's grid: a line across at each of `ys`, one down at every third hour. */
export const dayGrid = (ys: readonly number[]): string =>
  ys.map((y) => `M0 ${y}H${SLOTS}`).join('') + HOURS.map((h) => `M${h * 60} 0V${PLOT_H}`).join('');

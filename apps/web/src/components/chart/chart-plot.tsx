import { memo, type PointerEvent } from 'react';
import { SLOTS, type DayCurve, type Series } from '../../lib/day-curve';
import { HOUR, hourPath, lineStyle, PLOT_H, tailPath } from './chart-lines';
import { dayGrid, HourAxis, ValueAxis } from './plot-axes';

export interface PlotProps {
  curve: DayCurve;
  /** Inverter serials in legend order; empty for a single inverter (the total says it all). */
  serials: readonly string[];
  top: number;
  step: number;
  /** The minute the read-out shows, if the user picked one. */
  shown: number | undefined;
  onShow: (slot: number | undefined) => void;
}

/**
 * One line: its settled hours and the newest minute. Only the newest minute's path changes
 * with a frame; an hour's path is the same string once the hour is over, so React leaves
 * its element untouched and only the current hour's path is drawn anew each minute.
 */
// `newest` is the newest minute's value: the series array itself changes in place.
const Line = memo(function Line({
  series,
  last,
  top,
  index,
}: {
  series: Series;
  last: number;
  newest: number | null | undefined;
  top: number;
  /** The inverter's place in the legend; none for the total. */
  index?: number;
}) {
  const props = lineProps(index);
  return (
    <>
      {Array.from({ length: Math.floor(last / HOUR) + 1 }, (_, hour) => (
        <path key={hour} d={hourPath(series, hour, last, top)} {...props} />
      ))}
      <path d={tailPath(series, last, top)} {...props} />
    </>
  );
});

export const lineProps = (index: number | undefined) =>
  index === undefined
    ? { className: 'chart-line chart-total' }
    : { className: 'chart-line', style: lineStyle(index) };

const ticks = (top: number, step: number) => Array.from({ length: top / step + 1 }, (_, i) => i * step);

/**
 * The day's axes (the device's hours; W or kW) with the lines; pointing at a minute shows
 * it in the read-out. The plot itself is hidden from screen readers: the summary and the
 * read-out say what it shows in words, the CSV has every minute.
 */
export function ChartPlot({ curve, serials, top, step, shown, onShow }: PlotProps) {
  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onShow(Math.max(0, Math.min(curve.last, Math.round(((event.clientX - box.left) / box.width) * SLOTS))));
  };
  return (
    <div className="chart-plot" aria-hidden="true">
      <ValueAxis
        ticks={ticks(top, step)}
        top={(w) => 100 - (w / top) * 100}
        step={step}
        unit={top < 1000 ? 'W' : 'kW'}
      />
      <div
        className="chart-area"
        onPointerMove={pick}
        onPointerDown={pick}
        onPointerLeave={() => onShow(undefined)}
      >
        <svg viewBox={`0 0 ${SLOTS} ${PLOT_H}`} preserveAspectRatio="none">
          <path
            className="chart-grid"
            d={dayGrid(ticks(top, step).map((w) => PLOT_H - (w / top) * PLOT_H))}
          />
          {serials.map((serial, index) => {
            const series = curve.inverters[serial];
            return (
              series && (
                <Line
                  key={serial}
                  series={series}
                  last={curve.last}
                  newest={series[curve.last]}
                  top={top}
                  index={index}
                />
              )
            );
          })}
          <Line series={curve.total} last={curve.last} newest={curve.total[curve.last]} top={top} />
          {shown !== undefined && <path className="chart-cursor" d={`M${shown} 0V${PLOT_H}`} />}
        </svg>
      </div>
      <HourAxis every={6} />
    </div>
  );
}

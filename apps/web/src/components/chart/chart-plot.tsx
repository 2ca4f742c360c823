import { memo, type PointerEvent } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { axisLabel } from '../../lib/axis-label';
import { SLOTS, type DayCurve, type Series } from '../../lib/day-curve';
import { HOUR, hourPath, lineStyle, PLOT_H, tailPath } from './chart-lines';

const HOURS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

/** "13:05" for a minute of the device's day. */
export const slotTime = (slot: number): string =>
  `${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;

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
  const { locale } = useI18n();
  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onShow(Math.max(0, Math.min(curve.last, Math.round(((event.clientX - box.left) / box.width) * SLOTS))));
  };
  return (
    <div className="chart-plot" aria-hidden="true">
      <div className="chart-y small text-body-secondary">
        {ticks(top, step).map((w) => (
          <span key={w} style={{ top: `${100 - (w / top) * 100}%` }}>
            {axisLabel(locale, w, step, top < 1000 ? 'W' : 'kW')}
          </span>
        ))}
      </div>
      <div
        className="chart-area"
        onPointerMove={pick}
        onPointerDown={pick}
        onPointerLeave={() => onShow(undefined)}
      >
        <svg viewBox={`0 0 ${SLOTS} ${PLOT_H}`} preserveAspectRatio="none">
          <path
            className="chart-grid"
            d={
              ticks(top, step)
                .map((w) => `M0 ${PLOT_H - (w / top) * PLOT_H}H${SLOTS}`)
                .join('') + HOURS.map((h) => `M${h * 60} 0V${PLOT_H}`).join('')
            }
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
      <div className="chart-x small text-body-secondary">
        {HOURS.map((h) => (
          <span
            key={h}
            style={{ left: `${(h / 24) * 100}%` }}
            className={h % 6 ? 'd-none d-sm-inline' : undefined}
          >
            {slotTime(h * 60)}
          </span>
        ))}
      </div>
    </div>
  );
}

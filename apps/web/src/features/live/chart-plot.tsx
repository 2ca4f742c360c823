import { memo, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { SLOTS, type DayCurve, type Series } from '../../lib/day-curve';
import { formatNumber } from '../../lib/format';
import { lineStyle, PLOT_H, settledPath, tailPath } from './chart-lines';

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
  /** What the slider says at the shown minute (read-out in words). */
  valueText: string;
}

/** One line: the settled minutes (redrawn once a minute) and the newest one (every frame). */
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
  const props =
    index === undefined
      ? { className: 'chart-line chart-total' }
      : { className: 'chart-line', style: lineStyle(index) };
  return (
    <>
      <path d={settledPath(series, last, top)} {...props} />
      <path d={tailPath(series, last, top)} {...props} />
    </>
  );
});

/** The day's axes (the device's hours; W or kW) with the lines and a time slider. */
export function ChartPlot({ curve, serials, top, step, shown, onShow, valueText }: PlotProps) {
  const { t, locale } = useI18n();
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const label = (w: number) =>
    top < 1000 ? `${w} W` : `${formatNumber(locale, w / 1000, step % 1000 ? 1 : 0)} kW`;
  const show = (slot: number | undefined) =>
    onShow(slot === undefined ? slot : Math.max(0, Math.min(curve.last, Math.round(slot))));
  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    show(((event.clientX - box.left) / box.width) * SLOTS);
  };
  // The read-out by keyboard: arrows by 5 minutes, Home and End, Escape back to now.
  const key = (event: KeyboardEvent) => {
    const at = shown ?? curve.last;
    const to = { ArrowLeft: at - 5, ArrowRight: at + 5, Home: 0, End: curve.last, Escape: undefined };
    if (!(event.key in to)) return;
    event.preventDefault();
    show(to[event.key as keyof typeof to]);
  };
  return (
    <div className="chart-plot">
      <div className="chart-y small text-body-secondary" aria-hidden="true">
        {ticks.map((w) => (
          <span key={w} style={{ top: `${100 - (w / top) * 100}%` }}>
            {label(w)}
          </span>
        ))}
      </div>
      <div
        className="chart-area"
        role="slider"
        tabIndex={0}
        aria-label={t('chart.Slider')}
        aria-valuemin={0}
        aria-valuemax={curve.last}
        aria-valuenow={shown ?? curve.last}
        aria-valuetext={valueText}
        onPointerMove={pick}
        onPointerDown={pick}
        onPointerLeave={() => show(undefined)}
        onKeyDown={key}
      >
        <svg viewBox={`0 0 ${SLOTS} ${PLOT_H}`} preserveAspectRatio="none" aria-hidden="true">
          <path
            className="chart-grid"
            d={
              ticks.map((w) => `M0 ${PLOT_H - (w / top) * PLOT_H}H${SLOTS}`).join('') +
              HOURS.map((h) => `M${h * 60} 0V${PLOT_H}`).join('')
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
      <div className="chart-x small text-body-secondary" aria-hidden="true">
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

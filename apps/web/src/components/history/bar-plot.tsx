import { Fragment, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { axisLabel } from '../../lib/axis-label';
import { periodLabel } from '../../lib/energy';
import { yScale } from '../chart/chart-lines';

/** A bar's slot width and the plot's height, in the SVG's own units (it is stretched to fit). */
export const BAR_W = 10;
export const BAR_H = 100;

/** Where a period's bar goes: its slot's left edge and the height of `wh` on the plot's scale. */
export type BarPlace = { x: number; height: (wh: number) => number };

/**
 * Energy per period as bars on the power chart's frame (its CSS: kWh beside, periods below).
 * Pointing, touching or the arrow keys pick a period; `readOut` says what it holds. One
 * focusable slider stands for the bars: its value text is the read-out. `bar` draws a
 * period's bar (one colour, or one segment a device), `most` is the highest it reaches.
 */
export function BarPlot<P extends { period: string }>({
  periods,
  most,
  bar,
  readOut,
  hint,
  label,
}: {
  periods: readonly P[];
  most: number;
  bar: (period: P, place: BarPlace, shown: boolean) => ReactNode;
  readOut: (period: P) => string;
  hint: string;
  label: string;
}) {
  const { locale } = useI18n();
  const [shown, setShown] = useState<number>();
  const n = periods.length;
  const { top, step } = yScale(most);
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const height = (wh: number) => (wh / top) * BAR_H;
  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setShown(Math.max(0, Math.min(n - 1, Math.floor(((event.clientX - box.left) / box.width) * n))));
  };
  const key = (event: KeyboardEvent) => {
    const to = { ArrowLeft: (shown ?? n) - 1, ArrowRight: (shown ?? -1) + 1, Home: 0, End: n - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setShown(Math.max(0, Math.min(n - 1, to)));
  };
  // A period picked before the view changed to fewer is not there any more.
  const text = shown === undefined || !periods[shown] ? hint : readOut(periods[shown]);
  const byDay = periods[0]?.period.length === 10;

  return (
    <>
      <div
        className="chart-plot"
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, n - 1)}
        aria-valuenow={shown ?? 0}
        aria-valuetext={text}
        onKeyDown={key}
      >
        <div className="chart-y small text-body-secondary" aria-hidden="true">
          {ticks.map((wh) => (
            <span key={wh} style={{ top: `${100 - (wh / top) * 100}%` }}>
              {axisLabel(locale, wh, step, 'kWh')}
            </span>
          ))}
        </div>
        <div
          className="chart-area"
          onPointerMove={pick}
          onPointerDown={pick}
          // A finger lifted leaves its period shown; only a mouse leaving clears it.
          onPointerLeave={(event) => event.pointerType === 'mouse' && setShown(undefined)}
        >
          <svg viewBox={`0 0 ${n * BAR_W} ${BAR_H}`} preserveAspectRatio="none" aria-hidden="true">
            <path
              className="chart-grid"
              d={ticks.map((wh) => `M0 ${BAR_H - (wh / top) * BAR_H}H${n * BAR_W}`).join('')}
            />
            {periods.map((period, i) => (
              <Fragment key={period.period}>{bar(period, { x: i * BAR_W, height }, i === shown)}</Fragment>
            ))}
          </svg>
        </div>
        <div className="chart-x small text-body-secondary" aria-hidden="true">
          {periods.map(({ period }, i) => {
            const day = Number(period.slice(8));
            // Days: the 1st and every 5th; months: every other one on a phone.
            if (byDay && day !== 1 && day % 5) return null;
            return (
              <span
                key={period}
                style={{ left: `${((i + 0.5) / n) * 100}%`, transform: 'translateX(-50%)' }}
                className={!byDay && i % 2 ? 'd-none d-sm-inline' : undefined}
              >
                {periodLabel(locale, period, true)}
              </span>
            );
          })}
        </div>
      </div>
      <p className="small fw-semibold mt-2 mb-2" data-energy-readout="">
        {text}
      </p>
    </>
  );
}

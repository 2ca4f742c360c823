import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { axisLabel } from '../../lib/axis-label';
import { periodLabel } from '../../lib/energy';
import { yScale } from '../chart/chart-lines';

/** A bar's slot width and the plot's height, in the SVG's own units (it is stretched to fit). */
const BAR_W = 10;
const BAR_H = 100;
/** Around the picked stack: in the text colour, as thick on screen however the plot stretches. */
const FRAME = {
  fill: 'none',
  stroke: 'var(--bs-body-color)',
  strokeWidth: 2,
  vectorEffect: 'non-scaling-stroke',
} as const;

/**
 * Energy per period as bars on the power chart's frame (its CSS: kWh beside, periods below).
 * Each bar is a stack of `segments` (one, the total; or one a device, bottom up) in the
 * colours `fill` gives. Pointing, touching or the arrow keys pick a period; `readOut` says
 * what it holds. One focusable slider stands for the bars: its value text is the read-out.
 * The picked bar takes other colours, or is `framed` where its colours must stay (a device's).
 */
export function BarPlot<P extends { period: string }>({
  periods,
  segments,
  fill,
  framed,
  readOut,
  hint,
  label,
}: {
  periods: readonly P[];
  segments: (period: P) => readonly number[];
  fill: (segment: number, shown: boolean) => string;
  framed?: boolean;
  readOut: (period: P) => string;
  hint: string;
  label: string;
}) {
  const { locale } = useI18n();
  const [shown, setShown] = useState<number>();
  const n = periods.length;
  const stacks = periods.map(segments);
  const { top, step } = yScale(Math.max(0, ...stacks.map((stack) => stack.reduce((sum, wh) => sum + wh, 0))));
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
            {periods.map((period, i) => {
              let below = 0;
              const x = i * BAR_W;
              return (
                <g key={period.period} data-period={period.period}>
                  {stacks[i]!.map((wh, segment) => {
                    below += wh;
                    return (
                      wh > 0 && (
                        <rect
                          key={segment}
                          x={x + 1.5}
                          y={BAR_H - height(below)}
                          width={BAR_W - 3}
                          height={height(wh)}
                          style={{ fill: fill(segment, i === shown) }}
                        />
                      )
                    );
                  })}
                  {framed && i === shown && below > 0 && (
                    <rect
                      x={x + 1}
                      y={BAR_H - height(below)}
                      width={BAR_W - 2}
                      height={height(below)}
                      style={FRAME}
                    />
                  )}
                </g>
              );
            })}
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

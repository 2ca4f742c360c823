import { useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { periodLabel } from '../../lib/energy';
import { yScale } from '../chart/chart-lines';
import { ValueAxis } from '../chart/plot-axes';

/** A bar's slot width and the plot's height, in the SVG's own units (it is stretched to fit). */
export const BAR_W = 10;
export const BAR_H = 100;

/**
 * Where a period's bar goes: its slot's left edge, the height of `wh` on the plot's scale,
 * and the y of 0 (the bottom, unless the plot reaches below 0).
 */
export type BarPlace = { x: number; height: (wh: number) => number; zero: number };

/**
 * Energy per period as bars on the power chart's frame (its CSS: kWh beside, periods below).
 * Pointing, touching or the arrow keys pick a period; `readOut` says what it holds. One
 * focusable slider stands for the bars: its value text is the read-out. `bar` draws a
 * period's bar (one colour, or one segment a device), `most` is the highest it reaches,
 * `least` how far below 0 (energy fed into the grid, drawn downwards).
 */
export function BarPlot<P extends { period: string }>({
  periods,
  most,
  least = 0,
  bar,
  readOut,
  hint,
  label,
  tick,
  unit = 'kWh',
}: {
  periods: readonly P[];
  most: number;
  least?: number;
  bar: (period: P, place: BarPlace, shown: boolean) => ReactNode;
  readOut: (period: P) => string;
  hint: string;
  label: string;
  /** The x axis' label of a period, or null for none; default: days, months or years. */
  tick?: (period: P, index: number) => string | null;
  /** The value axis' unit: kWh, or Wh for short periods (5-minute slots). */
  unit?: 'kWh' | 'Wh';
}) {
  const { locale } = useI18n();
  const [shown, setShown] = useState<number>();
  const n = periods.length;
  const scale = yScale(least > 0 ? most + least : most);
  const { step } = scale;
  const top = least > 0 ? Math.max(step, step * Math.ceil(most / step)) : scale.top;
  const bottom = least > 0 ? step * Math.ceil(least / step) : 0;
  const span = top + bottom;
  const ticks = Array.from({ length: span / step + 1 }, (_, i) => i * step - bottom);
  const height = (wh: number) => (wh / span) * BAR_H;
  const zero = (top / span) * BAR_H;
  const tickY = (wh: number) => ((top - wh) / span) * BAR_H;
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
        <ValueAxis ticks={ticks} top={(wh) => (tickY(wh) / BAR_H) * 100} step={step} unit={unit} />
        <div
          className="chart-area"
          onPointerMove={pick}
          onPointerDown={pick}
          // A finger lifted leaves its period shown; only a mouse leaving clears it.
          onPointerLeave={(event) => event.pointerType === 'mouse' && setShown(undefined)}
        >
          <svg viewBox={`0 0 ${n * BAR_W} ${BAR_H}`} preserveAspectRatio="none" aria-hidden="true">
            <path className="chart-grid" d={ticks.map((wh) => `M0 ${tickY(wh)}H${n * BAR_W}`).join('')} />
            {periods.map((period, i) => (
              <g key={period.period} data-period={period.period}>
                {bar(period, { x: i * BAR_W, height, zero }, i === shown)}
              </g>
            ))}
          </svg>
        </div>
        <div className="chart-x small text-body-secondary" aria-hidden="true">
          {periods.map((entry, i) => {
            const { period } = entry;
            const day = Number(period.slice(8));
            // Days: the 1st and every 5th; months: every other one on a phone.
            if (!tick && byDay && day !== 1 && day % 5) return null;
            const text = tick ? tick(entry, i) : periodLabel(locale, period, true);
            if (text === null) return null;
            return (
              <span
                key={period}
                style={{ left: `${((i + 0.5) / n) * 100}%`, transform: 'translateX(-50%)' }}
                className={!tick && !byDay && i % 2 ? 'd-none d-sm-inline' : undefined}
              >
                {text}
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

/** Around the picked stack: in the text colour, as thick on screen however the plot stretches. */
const FRAME = {
  fill: 'none',
  stroke: 'var(--bs-body-color)',
  strokeWidth: 2,
  vectorEffect: 'non-scaling-stroke',
} as const;

/** The highest of the stacks: what a plot of `segments` must reach (BarPlot's `most`). */
export const highestStack = (stacks: readonly (readonly number[])[]): number =>
  Math.max(0, ...stacks.map((stack) => stack.reduce((sum, wh) => sum + wh, 0)));

/**
 * One period's bar as a stack of `segments` (Wh, bottom up: one, the total; or one a
 * device) in the colours `fill` gives. The picked bar takes other colours, or is `framed`
 * where its colours must stay (a device's).
 */
export function StackedBar({
  segments,
  place: { x, height, zero },
  shown,
  fill,
  framed,
}: {
  segments: readonly number[];
  place: BarPlace;
  shown: boolean;
  fill: (segment: number, shown: boolean) => string;
  framed?: boolean;
}) {
  // Each segment's top: the sum of it and those below it.
  const tops = segments.map((_, segment) => segments.slice(0, segment + 1).reduce((sum, wh) => sum + wh, 0));
  const below = tops.at(-1) ?? 0;
  const bars = segments.map(
    (wh, segment) =>
      wh > 0 && (
        <rect
          key={segment}
          x={x + 1.5}
          y={zero - height(tops[segment]!)}
          width={BAR_W - 3}
          height={height(wh)}
          style={{ fill: fill(segment, shown) }}
        />
      ),
  );
  return (
    <>
      {bars}
      {framed && shown && below > 0 && (
        <rect x={x + 1} y={zero - height(below)} width={BAR_W - 2} height={height(below)} style={FRAME} />
      )}
    </>
  );
}

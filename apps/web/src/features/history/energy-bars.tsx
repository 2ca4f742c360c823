import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { yScale } from '../../components/chart/chart-lines';
import { useI18n } from '../../i18n/i18n-provider';
import { axisLabel } from '../../lib/axis-label';
import { periodLabel, type Bar } from '../../lib/energy';

const W = 10;
const H = 100;

/**
 * Energy per period as bars, on the power chart's frame (its CSS: kWh beside, periods
 * below). Pointing, touching or the arrow keys pick a bar; `readOut` says what it holds.
 * One focusable slider stands for the bars: its value text is the read-out.
 */
export function EnergyBars({
  bars,
  readOut,
  hint,
  label,
}: {
  bars: readonly Bar[];
  readOut: (bar: Bar) => string;
  hint: string;
  label: string;
}) {
  const { locale } = useI18n();
  const [shown, setShown] = useState<number>();
  const n = bars.length;
  const { top, step } = yScale(Math.max(0, ...bars.map((bar) => bar.wh ?? 0)));
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const kwh = (wh: number) => axisLabel(locale, wh, step, 'kWh');
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
  const text = shown === undefined ? hint : readOut(bars[shown]!);
  const byDay = bars[0]?.period.length === 10;

  return (
    <>
      <div
        className="chart-plot"
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={n - 1}
        aria-valuenow={shown ?? 0}
        aria-valuetext={text}
        onKeyDown={key}
      >
        <div className="chart-y small text-body-secondary" aria-hidden="true">
          {ticks.map((wh) => (
            <span key={wh} style={{ top: `${100 - (wh / top) * 100}%` }}>
              {kwh(wh)}
            </span>
          ))}
        </div>
        <div
          className="chart-area"
          onPointerMove={pick}
          onPointerDown={pick}
          // A finger lifted leaves its bar shown; only a mouse leaving clears it.
          onPointerLeave={(event) => event.pointerType === 'mouse' && setShown(undefined)}
        >
          <svg viewBox={`0 0 ${n * W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
            <path
              className="chart-grid"
              d={ticks.map((wh) => `M0 ${H - (wh / top) * H}H${n * W}`).join('')}
            />
            {bars.map((bar, i) => {
              const h = ((bar.wh ?? 0) / top) * H;
              return (
                <rect
                  key={bar.period}
                  x={i * W + 1.5}
                  y={H - h}
                  width={W - 3}
                  height={h}
                  fill={i === shown ? 'var(--bs-warning)' : 'var(--bs-primary)'}
                />
              );
            })}
          </svg>
        </div>
        <div className="chart-x small text-body-secondary" aria-hidden="true">
          {bars.map((bar, i) => {
            const day = Number(bar.period.slice(8));
            // Days: the 1st and every 5th; months: every other one on a phone.
            if (byDay && day !== 1 && day % 5) return null;
            return (
              <span
                key={bar.period}
                style={{ left: `${((i + 0.5) / n) * 100}%`, transform: 'translateX(-50%)' }}
                className={!byDay && i % 2 ? 'd-none d-sm-inline' : undefined}
              >
                {periodLabel(locale, bar.period, true)}
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

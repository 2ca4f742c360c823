import type { PlantEnergyPeriod } from '@opendtu/api';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { lineStyle, yScale } from '../../components/chart/chart-lines';
import { useI18n } from '../../i18n/i18n-provider';
import { axisLabel } from '../../lib/axis-label';
import { periodLabel } from '../../lib/energy';

const W = 10;
const H = 100;

/** A device's colour in the bars: the hue of its line in the day's chart. */
export const deviceFill = (index: number): string => lineStyle(index).stroke;

/**
 * Energy per period as bars stacked by device (in the plant's order, bottom up), on the
 * power chart's frame. Pointing, touching or the arrow keys pick a period; `readOut` says
 * in words what each device gave, so the colours are never the only way to tell.
 */
export function PlantEnergyBars({
  periods,
  names,
  readOut,
  hint,
  label,
}: {
  periods: readonly PlantEnergyPeriod[];
  names: readonly string[];
  readOut: (period: PlantEnergyPeriod) => string;
  hint: string;
  label: string;
}) {
  const { locale } = useI18n();
  const [shown, setShown] = useState<number>();
  const n = periods.length;
  const { top, step } = yScale(Math.max(0, ...periods.map((period) => period.total_wh ?? 0)));
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
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
          <svg viewBox={`0 0 ${n * W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
            <path
              className="chart-grid"
              d={ticks.map((wh) => `M0 ${H - (wh / top) * H}H${n * W}`).join('')}
            />
            {periods.map((period, i) => {
              // Each device's segment from where the ones before it end.
              const tops = names.map((_, index) =>
                names.slice(0, index + 1).reduce((sum, name) => sum + (period.devices[name] ?? 0), 0),
              );
              const y = (wh: number) => H - (wh / top) * H;
              const height = tops.at(-1) ?? 0;
              return (
                <g key={period.period} data-period={period.period}>
                  {names.map((name, index) => {
                    const wh = period.devices[name] ?? 0;
                    return wh > 0 ? (
                      <rect
                        key={name}
                        x={i * W + 1.5}
                        y={y(tops[index]!)}
                        width={W - 3}
                        height={(wh / top) * H}
                        style={{ fill: deviceFill(index) }}
                      />
                    ) : null;
                  })}
                  {i === shown && height > 0 && (
                    <rect
                      x={i * W + 1}
                      y={y(height)}
                      width={W - 2}
                      height={H - y(height)}
                      style={{
                        fill: 'none',
                        stroke: 'var(--bs-body-color)',
                        strokeWidth: 2,
                        vectorEffect: 'non-scaling-stroke',
                      }}
                    />
                  )}
                </g>
              );
            })}
          </svg>
        </div>
        <div className="chart-x small text-body-secondary" aria-hidden="true">
          {periods.map((period, i) => {
            const day = Number(period.period.slice(8));
            // Days: the 1st and every 5th; months: every other one on a phone.
            if (byDay && day !== 1 && day % 5) return null;
            return (
              <span
                key={period.period}
                style={{ left: `${((i + 0.5) / n) * 100}%`, transform: 'translateX(-50%)' }}
                className={!byDay && i % 2 ? 'd-none d-sm-inline' : undefined}
              >
                {periodLabel(locale, period.period, true)}
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

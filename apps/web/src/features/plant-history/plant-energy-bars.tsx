import type { PlantEnergyPeriod } from '@opendtu/api';
import { lineStyle } from '../../components/chart/chart-lines';
import { BAR_H, BAR_W, BarPlot } from '../../components/history/bar-plot';

/** A device's colour in the bars: the hue of its line in the day's chart. */
export const deviceFill = (index: number): string => lineStyle(index).stroke;

/**
 * Energy per period as bars stacked by device (in the plant's order, bottom up), on the
 * power chart's frame (see BarPlot). `readOut` says in words what each device gave, so
 * the colours are never the only way to tell.
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
  return (
    <BarPlot
      periods={periods}
      most={Math.max(0, ...periods.map((period) => period.total_wh ?? 0))}
      readOut={readOut}
      hint={hint}
      label={label}
      bar={(period, { x, height }, shown) => {
        // Each device's segment from where the ones before it end.
        const tops = names.map((_, index) =>
          names.slice(0, index + 1).reduce((sum, name) => sum + (period.devices[name] ?? 0), 0),
        );
        const y = (wh: number) => BAR_H - height(wh);
        const stacked = tops.at(-1) ?? 0;
        return (
          <g data-period={period.period}>
            {names.map((name, index) => {
              const wh = period.devices[name] ?? 0;
              return wh > 0 ? (
                <rect
                  key={name}
                  x={x + 1.5}
                  y={y(tops[index]!)}
                  width={BAR_W - 3}
                  height={height(wh)}
                  style={{ fill: deviceFill(index) }}
                />
              ) : null;
            })}
            {shown && stacked > 0 && (
              <rect
                x={x + 1}
                y={y(stacked)}
                width={BAR_W - 2}
                height={BAR_H - y(stacked)}
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
      }}
    />
  );
}

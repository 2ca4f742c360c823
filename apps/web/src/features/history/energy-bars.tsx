import { BAR_H, BAR_W, BarPlot } from '../../components/history/bar-plot';
import type { Bar } from '../../lib/energy';

/**
 * Energy per period as bars of one colour, the picked one in another; `readOut` says what
 * the picked bar holds (see BarPlot).
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
  return (
    <BarPlot
      periods={bars}
      most={Math.max(0, ...bars.map((bar) => bar.wh ?? 0))}
      readOut={readOut}
      hint={hint}
      label={label}
      bar={(bar, { x, height }, shown) => {
        const h = height(bar.wh ?? 0);
        return (
          <rect
            x={x + 1.5}
            y={BAR_H - h}
            width={BAR_W - 3}
            height={h}
            fill={shown ? 'var(--bs-warning)' : 'var(--bs-primary)'}
          />
        );
      }}
    />
  );
}

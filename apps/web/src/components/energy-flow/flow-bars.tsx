import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { BAR_W, BarPlot } from '../history/bar-plot';

/** One bar of the flow: a 5-minute slot, a day, a month or a year (Wh; null: not recorded). */
export interface FlowBar {
  /** The period's key ("2026-06-21", "2026-06", or a slot's start as text). */
  period: string;
  selfUsed: number | null;
  imported: number | null;
  exported: number | null;
}

const HATCH = 'repeating-linear-gradient(45deg, var(--bs-secondary) 0 2px, transparent 2px 5px)';

/**
 * The flow as bars (companion build, issue 45): above the line what the house used, from
 * the sun (solid) and from the grid (hatched); below the line what was fed into the grid.
 * The sun's share of a bar is what the sun made, split at the line into used and fed in.
 * Pointing, touching or the arrow keys read a bar out (BarPlot).
 */
export function FlowBars({
  bars,
  readOut,
  tick,
  hint,
  unit,
}: {
  bars: readonly FlowBar[];
  readOut: (bar: FlowBar) => string;
  tick?: (bar: FlowBar, index: number) => string | null;
  hint: string;
  unit?: 'kWh' | 'Wh';
}) {
  const { t } = useI18n();
  const hatch = `${useId()}-hatch`;
  const most = Math.max(0, ...bars.map((bar) => (bar.selfUsed ?? 0) + (bar.imported ?? 0)));
  const least = Math.max(0, ...bars.map((bar) => bar.exported ?? 0));
  return (
    <div data-flow-bars="">
      <BarPlot
        periods={bars}
        most={most}
        least={least}
        readOut={readOut}
        tick={tick}
        unit={unit}
        hint={hint}
        label={t('meter.FlowBars')}
        bar={(bar, { x, height, zero }, shown) => {
          const sun = height(bar.selfUsed ?? 0);
          const grid = height(bar.imported ?? 0);
          const fed = height(bar.exported ?? 0);
          const outline = shown ? { stroke: 'var(--bs-emphasis-color)', strokeWidth: 1 } : {};
          return (
            <>
              {x === 0 && (
                <defs>
                  <pattern
                    id={hatch}
                    width="4"
                    height="4"
                    patternUnits="userSpaceOnUse"
                    patternTransform="rotate(45)"
                  >
                    <rect width="4" height="4" fill="var(--bs-secondary-bg)" />
                    <rect width="2" height="4" fill="var(--bs-secondary)" />
                  </pattern>
                </defs>
              )}
              <rect
                x={x + 1}
                y={zero - sun}
                width={BAR_W - 2}
                height={sun}
                fill="var(--bs-warning)"
                {...outline}
              />
              <rect
                x={x + 1}
                y={zero - sun - grid}
                width={BAR_W - 2}
                height={grid}
                fill={`url(#${hatch})`}
                {...outline}
              />
              <rect x={x + 1} y={zero} width={BAR_W - 2} height={fed} fill="var(--bs-info)" {...outline} />
            </>
          );
        }}
      />
      <ul className="list-inline small mb-2" data-flow-legend="">
        <li className="list-inline-item">
          <span className="flow-swatch" style={{ background: 'var(--bs-warning)' }} aria-hidden="true" />
          {t('meter.LegendSelfUsed')}
        </li>
        <li className="list-inline-item">
          <span className="flow-swatch" style={{ background: HATCH }} aria-hidden="true" />
          {t('meter.LegendImported')}
        </li>
        <li className="list-inline-item">
          <span className="flow-swatch" style={{ background: 'var(--bs-info)' }} aria-hidden="true" />
          {t('meter.LegendExported')}
        </li>
      </ul>
    </div>
  );
}

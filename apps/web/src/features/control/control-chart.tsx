import { lineStyle, PLOT_H } from '../../components/chart/chart-lines';
import { slotTime } from '../../components/chart/chart-plot';
import { dayGrid, HourAxis, ValueAxis } from '../../components/chart/plot-axes';
import { useI18n } from '../../i18n/i18n-provider';
import { SLOTS } from '../../lib/day-curve';
import { formatMeasure } from '../../lib/format';
import { seriesPath, type ControlChartData } from './control-chart-data';
import { Card } from '../../components/card';

/** The three lines, told apart by weight, hue and dash (never by colour alone). */
const LINES = [
  { key: 'meter', label: 'control.LineMeter', props: { className: 'chart-line chart-total' } },
  {
    key: 'output',
    label: 'control.LineOutput',
    props: { className: 'chart-line', style: lineStyle(3) },
  },
  {
    key: 'limits',
    label: 'control.LineLimits',
    props: { className: 'chart-line', style: lineStyle(1) },
  },
] as const;

/**
 * Today on the device's hours: the grid meter (below zero is export), the inverters'
 * output and the limits the controller held. The plot is hidden from screen readers; the
 * summary says in words what it shows, the legend the latest minute's values. It reuses
 * the power chart's styles (axes, line weights, the theme's line lightness).
 */
export function ControlChart({ data }: { data: ControlChartData }) {
  const { t, locale } = useI18n();
  const { span, bottom, top, step } = data;
  const w = (value: number | null | undefined) =>
    value == null ? '–' : formatMeasure(locale, value, 'W', 0);
  const ticks = Array.from({ length: Math.round((top - bottom) / step) + 1 }, (_, i) => bottom + i * step);
  const unit = Math.max(top, -bottom) < 1000 ? 'W' : 'kW';
  const share = (value: number) => (value - bottom) / (top - bottom);
  const last = span?.last;
  return (
    <Card title={t('control.Today')} small className="power-chart">
      <p className="small mb-2" data-control-summary="">
        {span
          ? t('control.TodaySummary', {
              from: slotTime(span.first),
              exported: formatMeasure(locale, data.exportedWh, 'Wh', 0),
              imported: formatMeasure(locale, data.importedWh, 'Wh', 0),
            })
          : t('control.TodayEmpty')}
      </p>
      <div className="chart-plot" aria-hidden="true">
        <ValueAxis ticks={ticks} top={(value) => 100 - share(value) * 100} step={step} unit={unit} />
        <div className="chart-area">
          <svg viewBox={`0 0 ${SLOTS} ${PLOT_H}`} preserveAspectRatio="none">
            <path className="chart-grid" d={dayGrid(ticks.map((value) => PLOT_H - share(value) * PLOT_H))} />
            {LINES.map((line) => (
              <path key={line.key} d={seriesPath(data[line.key], bottom, top, PLOT_H)} {...line.props} />
            ))}
          </svg>
        </div>
        <HourAxis every={12} />
      </div>
      {last !== undefined && (
        <p className="small fw-semibold mb-1 mt-2">{t('control.At', { time: slotTime(last) })}</p>
      )}
      <ul className="list-unstyled d-flex flex-wrap column-gap-3 small mb-0">
        {LINES.map((line) => (
          <li key={line.key} data-control-line={line.key}>
            <svg width="28" height="8" className="me-1" aria-hidden="true">
              <path d="M1 4H27" {...line.props} />
            </svg>
            {t(line.label)}: {w(last === undefined ? null : data[line.key][last])}
          </li>
        ))}
      </ul>
    </Card>
  );
}

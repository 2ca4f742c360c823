import { memo, useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { curveCsv, type DayCurve } from '../../lib/day-curve';
import { saveBlob } from '../../lib/download';
import { formatMeasure } from '../../lib/format';
import { yScale } from './chart-lines';
import { ChartPlot, lineProps, slotTime } from './chart-plot';

/**
 * The day's power on the device's clock: the total and each inverter, a read-out that
 * names the minute it shows (not a live region: it would repeat itself every frame), the
 * peak, and from when the curve covers the day when this browser recorded only part of it.
 * The history screen shows a past day with it (`past`: its heading, summary and download).
 */
export function PowerChart({
  curve,
  inverters,
  past,
}: {
  curve: DayCurve | undefined;
  inverters: readonly { serial: string; name: string }[];
  past?: { title: string; summary: string; download: () => void };
}) {
  const { t, locale } = useI18n();
  const [shown, setShown] = useState<number>();
  if (!curve?.peak) return null;
  const w = (value: number | null | undefined) =>
    value == null ? '–' : formatMeasure(locale, value, 'W', 0);
  const { top, step } = yScale(curve.peak.w);
  const serials = inverters.length > 1 ? inverters.map((inverter) => inverter.serial) : [];
  const slot = shown ?? curve.last;
  const readOut = t(shown === undefined && !past ? 'chart.Now' : 'chart.At', { time: slotTime(slot) });
  const items: [string, number | null | undefined, number?][] = [
    [t('chart.Total'), curve.total[slot]],
    ...serials.map((serial, i): [string, number | null | undefined, number] => [
      inverters[i]!.name,
      curve.inverters[serial]?.[slot],
      i,
    ]),
  ];
  const download = () =>
    saveBlob(
      new Blob(
        [
          curveCsv(
            curve,
            inverters.map((inverter) => inverter.serial),
          ),
        ],
        { type: 'text/csv' },
      ),
      `power-${curve.day}.csv`,
    );

  return (
    <section
      className="card mt-3 power-chart"
      aria-labelledby="power-chart-title"
      data-chart-minutes={curve.last - curve.first + 1}
    >
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto" id="power-chart-title">
          {past?.title ?? t('home.PowerToday')}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={past?.download ?? download}
        >
          {t('home.DownloadCsv')}
        </button>
      </div>
      <div className="card-body">
        <p className="small mb-2" data-chart-summary="">
          {past?.summary ??
            t(curve.whole ? 'chart.PeakToday' : 'chart.PeakSince', {
              peak: w(curve.peak.w),
              at: slotTime(curve.peak.slot),
              from: slotTime(curve.first),
            })}
        </p>
        <ChartPlot curve={curve} serials={serials} top={top} step={step} shown={shown} onShow={setShown} />
        <p className="small fw-semibold mb-1 mt-2" data-chart-readout="">
          {readOut}
        </p>
        <ul className="list-unstyled d-flex flex-wrap column-gap-3 small mb-0">
          {items.map(([name, value, index]) => (
            <LegendItem key={index ?? -1} name={name} value={w(value)} index={index} />
          ))}
        </ul>
        {/* The device keeps no history; the companion build is served by the server that does. */}
        {import.meta.env.MODE !== 'companion' && (
          <p className="small text-body-secondary mt-2 mb-0">{t('chart.History')}</p>
        )}
      </div>
    </section>
  );
}

/** One line's name and value in the legend: renders again only when its value changed. */
const LegendItem = memo(function LegendItem({
  name,
  value,
  index,
}: {
  name: string;
  value: string;
  /** The inverter's place; none for the total. */
  index: number | undefined;
}) {
  return (
    <li>
      <svg width="28" height="8" className="me-1" aria-hidden="true">
        <path d="M1 4H27" {...lineProps(index)} />
      </svg>
      {name}: {value}
    </li>
  );
});

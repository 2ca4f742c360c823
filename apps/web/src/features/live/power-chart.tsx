import { useState, type PointerEvent } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber } from '../../lib/format';
import type { LiveInverter } from '../../lib/live-merge';
import { historyCsv, peakOf, type PowerHistory, type PowerPoint } from '../../lib/power-history';
import { saveBlob } from '../../lib/download';

const W = 600;
const H = 160;
const PAD = 4;
const COLOURS = ['--bs-info', '--bs-warning', '--bs-danger', '--bs-success', '--bs-secondary'];

const clock = (t: number) =>
  new Date(t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The day's power: total as an area, each inverter as a line, with a read-out and CSV. */
export function PowerChart({
  history,
  inverters,
}: {
  history: PowerHistory | undefined;
  inverters: readonly LiveInverter[];
}) {
  const { t, locale } = useI18n();
  const [hover, setHover] = useState<PowerPoint | undefined>();
  const points = history?.points ?? [];
  const peak = peakOf(points);
  const last = points[points.length - 1];
  const w = (value: number) => `${formatNumber(locale, value, 0)} W`;
  if (!last || !peak) return null;
  const drawn = points.length > 1;

  const t0 = points[0]!.t;
  const span = Math.max(last.t - t0, 1);
  const top = Math.max(peak.total, 1) * 1.1;
  const x = (at: number) => PAD + ((at - t0) / span) * (W - 2 * PAD);
  const y = (value: number) => H - PAD - (value / top) * (H - 2 * PAD);
  const line = (value: (p: PowerPoint) => number | undefined) =>
    points
      .flatMap((p) => {
        const v = value(p);
        return v === undefined ? [] : [`${x(p.t).toFixed(1)},${y(v).toFixed(1)}`];
      })
      .join(' ');
  const area = `${x(t0).toFixed(1)},${y(0)} ${line((p) => p.total)} ${x(last.t).toFixed(1)},${y(0)}`;

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = t0 + ((event.clientX - box.left) / box.width) * span;
    let nearest = points[0];
    for (const p of points) if (Math.abs(p.t - at) < Math.abs((nearest?.t ?? 0) - at)) nearest = p;
    setHover(nearest);
  };
  const download = () => {
    const blob = new Blob(
      [
        historyCsv(
          points,
          inverters.map((i) => i.serial),
        ),
      ],
      { type: 'text/csv' },
    );
    saveBlob(blob, `power-${history?.day ?? 'today'}.csv`);
  };
  const shown = hover ?? last;

  return (
    <section className="card mt-3" aria-labelledby="power-chart-title" data-chart-points={points.length}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <h2 className="h6 mb-0 me-auto" id="power-chart-title">
          {t('home.PowerToday')}
        </h2>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={download}>
          {t('home.DownloadCsv')}
        </button>
      </div>
      <div className="card-body">
        <p className="small mb-2" data-chart-summary="">
          {t('home.ChartSummary', { now: w(last.total), peak: w(peak.total), at: clock(peak.t) })}
        </p>
        {drawn && (
          <>
            <svg
              viewBox={`0 0 ${W} ${H}`}
              className="w-100 power-chart"
              role="img"
              aria-label={t('home.PowerToday')}
              preserveAspectRatio="none"
              style={{ height: '10rem', touchAction: 'pan-y' }}
              onPointerMove={onPointer}
              onPointerDown={onPointer}
              onPointerLeave={() => setHover(undefined)}
            >
              <polygon
                points={area}
                fill="var(--bs-primary)"
                fillOpacity={0.25}
                stroke="var(--bs-primary)"
                strokeWidth={1.5}
                vectorEffect="non-scaling-stroke"
              />
              {inverters.length > 1 &&
                inverters.map((inverter, i) => (
                  <polyline
                    key={inverter.serial}
                    points={line((p) => p.inverters[inverter.serial])}
                    fill="none"
                    stroke={`var(${COLOURS[i % COLOURS.length]})`}
                    strokeWidth={1}
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
              {hover && (
                <line
                  x1={x(hover.t)}
                  x2={x(hover.t)}
                  y1={0}
                  y2={H}
                  stroke="currentColor"
                  strokeOpacity={0.5}
                  vectorEffect="non-scaling-stroke"
                />
              )}
            </svg>
            <div className="d-flex justify-content-between small text-body-secondary" aria-hidden="true">
              <span>{clock(t0)}</span>
              <span>{clock(last.t)}</span>
            </div>
          </>
        )}
        <div className="d-flex flex-wrap gap-3 small mt-1" aria-live="polite">
          <span>
            <strong>{clock(shown.t)}</strong>
          </span>
          <span>
            <span style={{ color: 'var(--bs-primary)' }} aria-hidden="true">
              ■{' '}
            </span>
            {t('invertertotalinfo.TotalPower')}: {w(shown.total)}
          </span>
          {inverters.length > 1 &&
            inverters.map((inverter, i) => (
              <span key={inverter.serial}>
                <span style={{ color: `var(${COLOURS[i % COLOURS.length]})` }} aria-hidden="true">
                  ━{' '}
                </span>
                {inverter.name}:{' '}
                {shown.inverters[inverter.serial] !== undefined ? w(shown.inverters[inverter.serial]!) : '–'}
              </span>
            ))}
        </div>
      </div>
    </section>
  );
}

import { isLiveInverterFull, type ValueObject } from '@opendtu/api';
import { memo, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Command } from '../../api/commands';
import { Bar } from '../../components/bar';
import { CommandNote } from '../../components/command-note';
import { StateBadge } from '../../components/state-badge';
import { useNow } from '../../components/use-now';
import { useI18n } from '../../i18n/i18n-provider';
import { formatLimit, formatValue } from '../../lib/format';
import { dataAgeSeconds, type LiveInverter } from '../../lib/live-merge';
import { peakText, type InverterPeaks, type Peak } from '../../lib/peaks';
import { weakStrings } from '../../lib/string-health';

// One grid for the column labels, every inverter and the totals: a row on wide screens,
// a compact card of two or three figures per line on narrow ones.
const FIRST = 'col-12 col-lg-3 d-flex flex-wrap align-items-center gap-2';
const CELL = 'col-6 col-sm-4 col-lg text-break';

/** The labels of the figures, in column order (the device's texts end with a colon). */
export function useColumns(peakLabel: string): string[] {
  const { t } = useI18n();
  // One array while nothing changed, so the memoised rows keep skipping.
  return useMemo(() => {
    const bare = (key: string) => t(key).replace(/\s*:$/, '');
    return [
      t('inverterchannelproperty.Power'),
      t('inverterchannelproperty.YieldDay'),
      bare('home.CurrentLimit'),
      t('inverterchannelproperty.Temperature'),
      bare('dataagedisplay.DataAge'),
      peakLabel,
    ];
  }, [t, peakLabel]);
}

/** A row of the overview: the first cell, then the figures, each labelled for screen readers and phones. */
export function Row({
  first,
  cells,
  labels,
  children,
  ...data
}: {
  first: ReactNode;
  cells: ReactNode[];
  labels: string[];
  children?: ReactNode;
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <li className="list-group-item" {...data}>
      <div className="row g-2 align-items-center">
        <div className={FIRST}>{first}</div>
        {cells.map((cell, index) => (
          <div className={CELL} key={index}>
            {cell !== '' && <span className="overview-label">{labels[index]}</span>}
            {cell}
          </div>
        ))}
      </div>
      {children}
    </li>
  );
}

/** The column labels, shown above the rows on wide screens (each cell names itself too). */
export function HeaderRow({ labels }: { labels: string[] }) {
  return (
    <div className="row g-2 px-3 pb-1 small text-body-secondary d-none d-lg-flex" aria-hidden="true">
      <div className={FIRST} />
      {labels.map((label) => (
        <div className={CELL} key={label}>
          {label}
        </div>
      ))}
    </div>
  );
}

/** Power with a bar against `max` W (the rated power), when known. */
export function PowerCell({
  value,
  max,
  label,
}: {
  value: ValueObject | undefined;
  max: number;
  label: string;
}) {
  const { locale } = useI18n();
  if (!value) return '–';
  return (
    <>
      {formatValue(locale, value)}
      {max > 0 && <Bar label={label} percent={(value.v / max) * 100} />}
    </>
  );
}

function Age({ inverter }: { inverter: LiveInverter }) {
  const { tc } = useI18n();
  return <span data-age="">{tc('dataagedisplay.SecondsSince', dataAgeSeconds(inverter, useNow()))}</span>;
}

export interface InverterRowProps {
  inverter: LiveInverter;
  peaks: InverterPeaks | undefined;
  labels: string[];
  /** Rated power (W); 0 while unknown. */
  rated: number;
  command: Command | undefined;
}

/**
 * One inverter and its strings. Memoised: a frame about another inverter leaves this
 * one's object, peaks and command as they were, so the row skips rendering.
 */
export const InverterRow = memo(function InverterRow({
  inverter,
  peaks,
  labels,
  rated,
  command,
}: InverterRowProps) {
  const { t, locale } = useI18n();
  const full = isLiveInverterFull(inverter) ? inverter : undefined;
  const general = full?.INV['0'];
  const value = (v: ValueObject | undefined) => (v ? formatValue(locale, v) : '–');
  const weak = new Set(weakStrings(full?.DC).map((string) => string.channel));
  return (
    <Row
      data-inverter={inverter.serial}
      labels={labels}
      first={
        <>
          <StateBadge inverter={inverter} wide withPower={false} />
          <Link href={`/?inv=${encodeURIComponent(inverter.serial)}`} className="fw-semibold text-break">
            {inverter.name}
          </Link>
        </>
      }
      cells={[
        <PowerCell value={full?.AC['0']?.Power} max={rated} label={labels[0]!} />,
        value(general?.YieldDay),
        <>
          <span data-limit="">{formatLimit(locale, inverter)}</span> <CommandNote command={command} />
        </>,
        value(general?.Temperature),
        <Age inverter={inverter} />,
        peakText(locale, peaks?.ac),
      ]}
    >
      {full && (
        <ul className="row row-cols-2 row-cols-sm-3 row-cols-xl-6 g-2 list-unstyled small mt-0 mb-0">
          {Object.entries(full.DC).map(([key, string]) => {
            const name = string.name.u || t('inverterchannelinfo.String', { num: Number(key) + 1 });
            const flagged = weak.has(key);
            return (
              <li className="col" key={key} data-string={key} data-weak={flagged || undefined}>
                <div className="d-flex gap-1">
                  <span className="text-truncate me-auto" title={name}>
                    {flagged && (
                      <span className="text-warning-emphasis" title={t('home.StringWeak')}>
                        ⚠<span className="visually-hidden">{t('home.StringWeak')}</span>{' '}
                      </span>
                    )}
                    {name}
                  </span>
                  {value(string.Power)}
                </div>
                {string.Irradiation && (
                  <Bar
                    label={`${name}: ${t('inverterchannelproperty.Irradiation')}`}
                    percent={string.Irradiation.v}
                    warn={flagged}
                  />
                )}
                <span className="text-body-secondary">{peakText(locale, peaks?.dc[key])}</span>
              </li>
            );
          })}
        </ul>
      )}
    </Row>
  );
});

/** The sum of the plant: power against the rated sum, yield today and the peak of the sum. */
export function TotalsRow(props: {
  labels: string[];
  power: ValueObject;
  yieldDay: ValueObject;
  rated: number;
  peak: Peak | undefined;
}) {
  const { t, locale } = useI18n();
  return (
    <Row
      data-totals=""
      labels={props.labels}
      first={<strong>{t('overview.Total')}</strong>}
      cells={[
        <PowerCell value={props.power} max={props.rated} label={props.labels[0]!} />,
        formatValue(locale, props.yieldDay),
        '',
        '',
        '',
        peakText(locale, props.peak),
      ]}
    />
  );
}

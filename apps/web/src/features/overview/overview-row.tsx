import { isLiveInverterFull, weakStrings, type ValueObject } from '@opendtu/api';
import { memo, type ReactNode } from 'react';
import { Link } from '../../components/router';
import type { Command } from '../../api/commands';
import { Bar } from '../../components/bar';
import { CommandNote } from '../../components/command-note';
import { peakText } from '../../components/peak-text';
import { StateBadge } from '../../components/state-badge';
import { useNow } from '../../components/use-now';
import { useI18n } from '../../i18n/i18n-provider';
import { formatDuration, formatLimit, formatValue } from '../../lib/format';
import { dataAgeSeconds, type LiveInverter } from '../../lib/live-merge';
import type { InverterPeaks } from '../../lib/peaks';

/**
 * One entry of the overview: a title line, the figures (six in a row on wide screens,
 * two per line on a phone, each with its label), then `children`.
 */
export function Entry({
  title,
  cells,
  labels,
  children,
  ...data
}: {
  title: ReactNode;
  cells: ReactNode[];
  labels: string[];
  children?: ReactNode;
  [data: `data-${string}`]: string;
}) {
  return (
    <div className="card mb-2" {...data}>
      <div className="card-body p-2">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-1">{title}</div>
        <div className="row g-2">
          {cells.map((cell, index) => (
            <div className="col-6 col-md-2 text-break" key={index}>
              <small className="d-block text-body-secondary">{labels[index]}</small>
              {cell}
            </div>
          ))}
        </div>
        {children}
      </div>
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
  return value ? (
    <>
      {formatValue(locale, value)}
      {max > 0 && <Bar label={label} percent={(value.v / max) * 100} thin />}
    </>
  ) : (
    '–'
  );
}

/** The age of the inverter's data, a duration as in the live view's header. */
function Age({ inverter }: { inverter: LiveInverter }) {
  const { locale } = useI18n();
  return <span data-age="">{formatDuration(locale, dataAgeSeconds(inverter, useNow()))}</span>;
}

export interface InverterRowProps {
  inverter: LiveInverter;
  peaks: InverterPeaks | undefined;
  labels: string[];
  /** Rated power (W); 0 while unknown. */
  rated: number;
  command: Command | undefined;
  /** The device has no clock yet, so it polls no inverter (its hint time_sync). */
  noClock?: boolean | undefined;
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
  noClock,
}: InverterRowProps) {
  const { t, locale } = useI18n();
  const full = isLiveInverterFull(inverter) ? inverter : undefined;
  const general = full?.INV['0'];
  const value = (v: ValueObject | undefined) => (v ? formatValue(locale, v) : '–');
  const weak = weakStrings(full?.DC).map((string) => string.channel);
  const fault = t('home.StringWeak');
  return (
    <Entry
      data-inverter={inverter.serial}
      labels={labels}
      title={
        <>
          <StateBadge inverter={inverter} wide withPower={false} noClock={noClock} />
          <Link href={`/?inv=${encodeURIComponent(inverter.serial)}`} className="fw-semibold text-break">
            {inverter.name}
          </Link>
        </>
      }
      cells={[
        <PowerCell value={full?.AC['0']?.Power} max={rated} label={labels[0]!} />,
        value(general?.YieldDay),
        <>
          <span data-limit="">{formatLimit(locale, inverter)}</span>
          <CommandNote command={command} />
        </>,
        value(general?.Temperature),
        <Age inverter={inverter} />,
        peakText(locale, peaks?.ac),
      ]}
    >
      <div className="row g-2 small mt-0">
        {Object.entries(full?.DC ?? {}).map(([key, string]) => {
          const name = string.name.u || t('inverterchannelinfo.String', { num: Number(key) + 1 });
          const flagged = weak.includes(key);
          return (
            <div className="col-6 col-md-4 col-xl-2 text-break" key={key} data-string={key}>
              {flagged && (
                <span className="text-warning-emphasis" title={fault} data-weak="">
                  ⚠<span className="visually-hidden">{fault}</span>{' '}
                </span>
              )}
              {name}: {value(string.Power)}
              {string.Irradiation && (
                <Bar
                  label={`${name}: ${t('inverterchannelproperty.Irradiation')}`}
                  percent={string.Irradiation.v}
                  bar={flagged ? 'progress-bar bg-warning' : undefined}
                  thin
                />
              )}
              <span className="text-body-secondary">{peakText(locale, peaks?.dc[key])}</span>
            </div>
          );
        })}
      </div>
    </Entry>
  );
});

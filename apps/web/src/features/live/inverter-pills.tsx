import { isLiveInverterFull, weakStrings } from '@opendtu/api';
import { memo, useId } from 'react';
import { useNight } from '../../api/device-time';
import { selectInverter, useLive, type RosterEntry } from '../../api/live-store';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber } from '../../lib/format';
import type { LiveInverter } from '../../lib/live-merge';
import { inverterState, STATE_TEXT } from '../../components/inverter-status';
import { StateBadge } from '../../components/state-badge';

/** Whether one of the inverter's strings looks weak (string health). */
const hasWeakString = (inverter: LiveInverter) =>
  isLiveInverterFull(inverter) && weakStrings(inverter.DC).length > 0;

export interface InverterPillsProps {
  roster: readonly RosterEntry[];
  selected: string | undefined;
  onSelect: (serial: string) => void;
  /** The device has no clock yet, so it polls no inverter (its hint time_sync). */
  noClock?: boolean | undefined;
}

/**
 * The inverter list: pills beside the data on wide screens, a compact selector on a phone.
 * Each entry reads its own inverter, so a frame renders the one it is about.
 */
export function InverterPills({ roster, selected, onSelect, noClock }: InverterPillsProps) {
  const { t } = useI18n();
  const selectId = useId();
  return (
    <>
      <div className="d-lg-none">
        <label htmlFor={selectId} className="form-label visually-hidden">
          {t('home.SelectInverter')}
        </label>
        <select
          id={selectId}
          className="form-select"
          value={selected ?? ''}
          onChange={(event) => onSelect(event.target.value)}
        >
          {roster.map(({ serial }) => (
            <Option key={serial} serial={serial} noClock={noClock} />
          ))}
        </select>
      </div>
      <div
        className="nav nav-pills flex-column d-none d-lg-flex gap-1"
        role="group"
        aria-label={t('home.SelectInverter')}
      >
        {roster.map(({ serial }) => (
          <Pill
            key={serial}
            serial={serial}
            active={serial === selected}
            onSelect={onSelect}
            noClock={noClock}
          />
        ))}
      </div>
    </>
  );
}

/** A phone's picker is plain text: state, power and the weak-string mark in words. */
const Option = memo(function Option({ serial, noClock }: { serial: string; noClock: boolean | undefined }) {
  const { t, locale } = useI18n();
  const night = useNight();
  const inverter = useLive(selectInverter(serial))!;
  const power = isLiveInverterFull(inverter) ? inverter.AC['0']?.Power : undefined;
  const text = [
    inverter.name,
    t(STATE_TEXT[inverterState(inverter, night, noClock)]),
    power && `${formatNumber(locale, power.v)} ${power.u}`,
    hasWeakString(inverter) && `⚠ ${t('home.WeakStringMark')}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return <option value={serial}>{text}</option>;
});

const Pill = memo(function Pill({
  serial,
  active,
  onSelect,
  noClock,
}: {
  serial: string;
  active: boolean;
  onSelect: (serial: string) => void;
  noClock: boolean | undefined;
}) {
  const { t } = useI18n();
  const inverter = useLive(selectInverter(serial))!;
  return (
    <button
      type="button"
      className={`nav-link text-start d-flex flex-column align-items-start gap-1${active ? ' active' : ''}`}
      aria-current={active ? 'true' : undefined}
      onClick={() => onSelect(serial)}
    >
      <StateBadge inverter={inverter} noClock={noClock} />
      <span className="text-break">
        {inverter.name}
        {hasWeakString(inverter) && (
          <span title={t('home.WeakStringMark')}>
            {' '}
            <span aria-hidden="true">⚠</span>
            <span className="visually-hidden">{t('home.WeakStringMark')}</span>
          </span>
        )}
      </span>
    </button>
  );
});

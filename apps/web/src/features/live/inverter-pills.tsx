import { isLiveInverterFull, weakStrings } from '@opendtu/api';
import { useId } from 'react';
import { useNight } from '../../api/device-time';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber } from '../../lib/format';
import type { LiveInverter } from '../../lib/live-merge';
import { inverterState, STATE_TEXT } from '../../components/inverter-status';
import { StateBadge } from '../../components/state-badge';

/** Whether one of the inverter's strings looks weak (string health). */
const hasWeakString = (inverter: LiveInverter) =>
  isLiveInverterFull(inverter) && weakStrings(inverter.DC).length > 0;

export interface InverterPillsProps {
  inverters: readonly LiveInverter[];
  selected: string | undefined;
  onSelect: (serial: string) => void;
  /** The device has no clock yet, so it polls no inverter (its hint time_sync). */
  noClock?: boolean | undefined;
}

/** The inverter list: pills beside the data on wide screens, a compact selector on a phone. */
export function InverterPills({ inverters, selected, onSelect, noClock }: InverterPillsProps) {
  const { t, locale } = useI18n();
  const night = useNight();
  const selectId = useId();
  // A phone's picker is plain text: state, power and the weak-string mark in words.
  const option = (inverter: LiveInverter) => {
    const power = isLiveInverterFull(inverter) ? inverter.AC['0']?.Power : undefined;
    return [
      inverter.name,
      t(STATE_TEXT[inverterState(inverter, night, noClock)]),
      power && `${formatNumber(locale, power.v)} ${power.u}`,
      hasWeakString(inverter) && `⚠ ${t('home.WeakStringMark')}`,
    ]
      .filter(Boolean)
      .join(' · ');
  };
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
          {inverters.map((inverter) => (
            <option key={inverter.serial} value={inverter.serial}>
              {option(inverter)}
            </option>
          ))}
        </select>
      </div>
      <div
        className="nav nav-pills flex-column d-none d-lg-flex gap-1"
        role="group"
        aria-label={t('home.SelectInverter')}
      >
        {inverters.map((inverter) => {
          const active = inverter.serial === selected;
          return (
            <button
              type="button"
              key={inverter.serial}
              className={`nav-link text-start d-flex flex-column align-items-start gap-1${active ? ' active' : ''}`}
              aria-current={active ? 'true' : undefined}
              onClick={() => onSelect(inverter.serial)}
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
        })}
      </div>
    </>
  );
}

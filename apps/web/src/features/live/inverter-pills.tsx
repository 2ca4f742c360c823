import { useId } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import type { LiveInverter } from '../../lib/live-merge';
import { inverterState, STATE_TEXT } from '../../components/inverter-status';
import { StateBadge } from '../../components/state-badge';

export interface InverterPillsProps {
  inverters: readonly LiveInverter[];
  selected: string | undefined;
  onSelect: (serial: string) => void;
}

/** The inverter list: pills beside the data on wide screens, a compact selector on a phone. */
export function InverterPills({ inverters, selected, onSelect }: InverterPillsProps) {
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
          {inverters.map((inverter) => (
            <option key={inverter.serial} value={inverter.serial}>
              {inverter.name} · {t(STATE_TEXT[inverterState(inverter)])}
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
              <StateBadge inverter={inverter} />
              <span className="text-break">{inverter.name}</span>
            </button>
          );
        })}
      </div>
    </>
  );
}

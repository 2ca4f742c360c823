import { useId, useState, type FormEvent } from 'react';
import { commandOf, useCommands } from '../../api/commands';
import { ApiAlert } from '../../components/api-alert';
import { CommandNote } from '../../components/command-note';
import { controlProps, Field } from '../../components/field';
import { Modal } from '../../components/modal';
import { useSendCommand } from '../../components/use-send-command';
import { useI18n } from '../../i18n/i18n-provider';
import { formatLimit } from '../../lib/format';
import type { LiveInverter } from '../../lib/live-merge';
import { absoluteLimitMax, checkLimit } from '../../lib/limit-validation';
import { SetStatusBadge } from '../../components/set-status-badge';

/** Sets a relative or absolute limit, for now or persistently (spec §4, §5, §9). */
export function LimitDialog({ inverter, onClose }: { inverter: LiveInverter; onClose: () => void }) {
  const { t, locale } = useI18n();
  const id = useId();
  const snapshot = useCommands('limit');
  const status = snapshot.limit?.[inverter.serial];
  const command = commandOf(snapshot, 'limit', inverter.serial);
  const [relative, setRelative] = useState(true);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const { answer, setAnswer, busy, send: sendCommand } = useSendCommand(onClose);
  const maxPower = status?.max_power;
  const problem = checkLimit(value, relative, maxPower);
  const error = touched && problem ? t(problem.key, 'max' in problem ? { max: problem.max } : {}) : undefined;

  const send = (persistent: boolean) => {
    setTouched(true);
    if (!problem && !busy)
      sendCommand({ serial: inverter.serial, kind: 'limit', value: Number(value), relative, persistent });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  const current = status
    ? formatLimit(locale, {
        limit_relative: status.limit_relative,
        limit_absolute: status.max_power > 0 ? (status.limit_relative * status.max_power) / 100 : -1,
      })
    : '…';
  const max = relative ? 100 : absoluteLimitMax(maxPower);
  return (
    <Modal
      open
      title={`${t('home.LimitSettings')}: ${inverter.name}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('base.Close')}
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy}>
            {t('home.SetNonPersistent')}
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => send(true)}>
            {t('home.SetPersistent')}
          </button>
        </>
      }
    >
      {answer && <ApiAlert response={answer} onClose={() => setAnswer(undefined)} />}
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <dl className="row mb-3">
          <dt className="col-6">{t('home.CurrentLimit')}</dt>
          <dd className="col-6 mb-1" data-current-limit="">
            {current}
          </dd>
          <dt className="col-6">{t('home.LastLimitSetStatus')}</dt>
          <dd className="col-6 mb-0">
            <SetStatusBadge status={status?.limit_set_status} />
          </dd>
          {command && (
            <dd className="col-12 mb-0">
              <CommandNote command={command} />
            </dd>
          )}
        </dl>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('home.LimitType')}</legend>
          {[true, false].map((option) => (
            <div className="form-check form-check-inline" key={String(option)}>
              <input
                className="form-check-input"
                type="radio"
                id={`${id}-${option ? 'rel' : 'abs'}`}
                name={`${id}-type`}
                checked={relative === option}
                onChange={() => setRelative(option)}
              />
              <label className="form-check-label" htmlFor={`${id}-${option ? 'rel' : 'abs'}`}>
                {option ? t('home.Relative') : t('home.Absolute')}
              </label>
            </div>
          ))}
        </fieldset>
        <Field
          id={`${id}-value`}
          label={`${t('home.SetLimit')} (${relative ? '%' : 'W'})`}
          error={error}
          hint={t('home.LimitRangeHint', { max })}
        >
          <input
            {...controlProps(`${id}-value`, error)}
            type="number"
            inputMode="decimal"
            min={0}
            max={max}
            step="any"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Field>
        {!relative && <p className="small text-body-secondary mb-0">{t('home.LimitHint')}</p>}
      </form>
    </Modal>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { isFailed } from '../api/commands';
import { useI18n } from '../i18n/i18n-provider';
import { groupMax, splitLimit } from '../lib/limit-split';
import { absoluteLimitMax, checkLimit } from '../lib/limit-validation';
import { controlProps, Field } from './field';
import { LimitParts, type LimitRow, type SentLimit } from './limit-parts';
import { Modal } from './modal';
import { Spinner } from './spinner';

/** What the owner asked for: each part by `LimitRow.key`, W or % as `relative` says. */
export interface LimitChoice {
  relative: boolean;
  persistent: boolean;
  parts: { key: string; value: number }[];
}

export interface LimitFormProps<C extends SentLimit> {
  title: string;
  rows: readonly LimitRow<C>[];
  /** A list to choose from and split over; without it the one row takes the value as it is. */
  group: boolean;
  /** Sending now, or not possible yet (the list's states not loaded). */
  busy: boolean;
  /** The rows' power and states are known: the list shows, and the buttons send. */
  ready: boolean;
  /** Instead of a spinner while not ready (a failure to load the states is shown above). */
  failed?: boolean;
  onSend: (choice: LimitChoice) => void;
  /** Sends the commands that failed again. */
  onRetry: (failed: C[]) => void;
  onClose: () => void;
  /** Above the form: the device's answer, the current limit, notices. */
  children?: ReactNode;
}

/**
 * Sets a relative or absolute limit, for now or persistently (spec §4, §5, §9), on one
 * inverter or, as a group limit (issue 23), split among those chosen from a checkbox list
 * (by rated power or equally, or the same % to each). Every part shows before it is sent,
 * then each inverter's confirmation in the same list, with a retry for the failed ones.
 * The device's limit dialog and the plant's are this form with their own rows and sending.
 */
export function LimitForm<C extends SentLimit>({
  title,
  rows,
  group,
  busy,
  ready,
  failed: unloaded,
  onSend,
  onRetry,
  onClose,
  children,
}: LimitFormProps<C>) {
  const { t, tm } = useI18n();
  const id = useId();
  // What was on screen when the dialog opened; a row becoming available later is not added unasked.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(rows.filter((row) => !row.unavailable).map((row) => row.key)),
  );
  const [relative, setRelative] = useState(!group);
  const [rated, setRated] = useState(true);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);

  const targets = rows
    .filter((row) => !row.unavailable && chosen.has(row.key))
    .map(({ key, maxPower, excluded }) => ({ serial: key, maxPower, excluded }));
  const max = groupMax(targets);
  const problem = max > 0 ? checkLimit(value, relative, max) : { key: 'overview.NoneSelected' };
  const parts = problem || !group ? [] : splitLimit(Number(value), relative, !rated, targets);
  const error = touched && problem ? t(problem.key, problem) : undefined;
  const failed = rows.flatMap(({ command }) => (command && isFailed(command) ? [command] : []));
  const unit = relative ? '%' : 'W';

  const send = (persistent: boolean) => {
    setTouched(true);
    if (problem || busy || !ready) return;
    onSend({
      relative,
      persistent,
      parts: group
        ? parts.flatMap(({ serial: key, value: part }) => (part === undefined ? [] : [{ key, value: part }]))
        : [{ key: rows[0]!.key, value: Number(value) }],
    });
  };
  const radios = (
    legend: string,
    current: boolean,
    set: (value: boolean) => void,
    no: string,
    yes: string,
  ) => (
    <fieldset className="col-sm-6 mb-3" disabled={legend === 'overview.Split' && relative}>
      <legend className="form-label fs-6">{t(legend)}</legend>
      {[true, false].map((option) => (
        <div className="form-check" key={String(option)}>
          <input
            className="form-check-input"
            type="radio"
            id={`${id}${legend}${option}`}
            name={`${id}${legend}`}
            checked={current === option}
            onChange={() => set(option)}
          />
          <label className="form-check-label" htmlFor={`${id}${legend}${option}`}>
            {t(option ? yes : no)}
          </label>
        </div>
      ))}
    </fieldset>
  );

  return (
    <Modal
      open
      size={group ? 'lg' : undefined}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('base.Close')}
          </button>
          {failed.length > 0 && (
            <button type="button" className="btn btn-warning" disabled={busy} onClick={() => onRetry(failed)}>
              {t('firmwareupgrade.Retry')}
            </button>
          )}
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy || !ready}>
            {t('home.SetNonPersistent')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy || !ready}
            onClick={() => send(true)}
          >
            {t('home.SetPersistent')}
          </button>
        </>
      }
    >
      {children}
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(false);
        }}
      >
        <div className="row">
          {radios('home.LimitType', relative, setRelative, 'home.Absolute', 'home.Relative')}
          {group && radios('overview.Split', rated, setRated, 'overview.Equal', 'overview.ByRated')}
        </div>
        <Field
          id={`${id}-value`}
          label={`${t('home.SetLimit')} (${unit})`}
          error={error}
          hint={t('home.LimitRangeHint', { max: relative ? 100 : absoluteLimitMax(max) })}
        >
          <input
            {...controlProps(`${id}-value`, error)}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onBlur={() => setTouched(true)}
          />
        </Field>
        {!group ? (
          !relative && <p className="small text-body-secondary mb-0">{tm('home.LimitHint')}</p>
        ) : ready ? (
          <LimitParts rows={rows} chosen={chosen} onChoose={setChosen} parts={parts} unit={unit} />
        ) : (
          !unloaded && <Spinner />
        )}
      </form>
    </Modal>
  );
}

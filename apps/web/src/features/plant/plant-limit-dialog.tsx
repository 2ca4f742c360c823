import type { PlantDevice, PlantInverter, PlantLimitRequest } from '@opendtu/api';
import { useId, useState, type FormEvent } from 'react';
import { controlProps, Field } from '../../components/field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import { groupMax, splitLimit, type SplitTarget } from '../../lib/limit-split';
import { absoluteLimitMax, checkLimit } from '../../lib/limit-validation';
import { limitKey } from './plant-limit-api';
import { PlantLimitNotices } from './plant-limit-notices';
import { PlantLimitParts, type LimitRow } from './plant-limit-parts';
import { FAILED, usePlantLimit } from './use-plant-limit';

/**
 * One limit for the whole plant (issue 33), as the device app's group limit sets one for
 * several inverters of a device: a total split among the inverters chosen (by rated power
 * or equally, or the same % to each), every part shown before it is sent, then each
 * inverter's acknowledgement in the same list, with a retry for the parts that failed.
 * The companion sends each part to its device; an offline device's inverters are listed
 * but get nothing.
 */
export function PlantLimitDialog({
  inverters,
  devices,
  onClose,
}: {
  inverters: PlantInverter[];
  devices: PlantDevice[];
  onClose: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const { status, statusError, commands, refusal, dismissRefusal, busy, send, sendWithLogin } =
    usePlantLimit();
  const online = new Set(devices.filter((device) => device.online).map((device) => device.name));
  const rows: LimitRow[] = inverters.map(({ device, serial, name }) => ({
    key: limitKey(device, serial),
    device,
    serial,
    name,
    unavailable: !online.has(device)
      ? { key: 'plant.DeviceOffline' }
      : status?.lacking.includes(device)
        ? { key: 'plant.LimitNoAnswer' }
        : undefined,
  }));
  // What was on screen when the dialog opened; a device coming online later is not added unasked.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(rows.filter((row) => !row.unavailable).map((row) => row.key)),
  );
  const [relative, setRelative] = useState(false);
  const [rated, setRated] = useState(true);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);

  const maxPower = new Map(
    status?.inverters.map((entry) => [limitKey(entry.device, entry.serial), entry.max_power]),
  );
  const targets: SplitTarget[] = rows
    .filter((row) => !row.unavailable && chosen.has(row.key))
    .map(({ key }) => ({ serial: key, maxPower: maxPower.get(key) ?? 0 }));
  const max = groupMax(targets);
  const problem = max > 0 ? checkLimit(value, relative, max) : { key: 'overview.NoneSelected' };
  const parts = problem ? [] : splitLimit(Number(value), relative, !rated, targets);
  const error = touched && problem ? t(problem.key, problem) : undefined;
  const failed = Object.values(commands).filter((command) => FAILED.includes(command.state));

  const sendParts = (persistent: boolean) => {
    setTouched(true);
    if (problem || busy || !status) return;
    const request: PlantLimitRequest = {
      relative,
      persistent,
      parts: parts.flatMap(({ serial: key, value: part }) => {
        const row = rows.find((candidate) => candidate.key === key)!;
        return part === undefined ? [] : [{ device: row.device, serial: row.serial, value: part }];
      }),
    };
    void send(request, false);
  };
  const retry = () => {
    const [first] = failed;
    if (!first || busy) return;
    void send(
      {
        relative: !!first.relative,
        persistent: !!first.persistent,
        parts: failed.map(({ device, serial, value: part }) => ({ device, serial, value: part! })),
      },
      true,
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendParts(false);
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
      size="lg"
      title={`${t('home.LimitSettings')}: ${t('plant.Plant')}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('base.Close')}
          </button>
          {failed.length > 0 && (
            <button type="button" className="btn btn-warning" disabled={busy} onClick={retry}>
              {t('firmwareupgrade.Retry')}
            </button>
          )}
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy || !status}>
            {t('home.SetNonPersistent')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy || !status}
            onClick={() => sendParts(true)}
          >
            {t('home.SetPersistent')}
          </button>
        </>
      }
    >
      <PlantLimitNotices
        refusal={refusal}
        dismissRefusal={dismissRefusal}
        sendWithLogin={sendWithLogin}
        statusError={statusError}
      />
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <div className="row">
          {radios('home.LimitType', relative, setRelative, 'home.Absolute', 'home.Relative')}
          {radios('overview.Split', rated, setRated, 'overview.Equal', 'overview.ByRated')}
        </div>
        <Field
          id={`${id}-value`}
          label={`${t('home.SetLimit')} (${relative ? '%' : 'W'})`}
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
        {status ? (
          <PlantLimitParts
            rows={rows}
            chosen={chosen}
            onChoose={setChosen}
            parts={parts}
            unit={relative ? '%' : 'W'}
            commands={commands}
          />
        ) : (
          !statusError && <Spinner />
        )}
      </form>
    </Modal>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { commandOf, sendCommand, useCommands, type Command, type CommandRequest } from '../api/commands';
import { getInverterList } from '../api/inverter';
import { useApiData } from '../api/use-api-data';
import { useI18n } from '../i18n/i18n-provider';
import { formatLimit } from '../lib/format';
import { groupMax, splitLimit, type SplitTarget } from '../lib/limit-split';
import { absoluteLimitMax, checkLimit } from '../lib/limit-validation';
import type { LiveInverter } from '../lib/live-merge';
import { ApiAlert } from './api-alert';
import { CommandNote } from './command-note';
import { controlProps, Field } from './field';
import { LimitParts } from './limit-parts';
import { Modal } from './modal';
import { SetStatusBadge } from './set-status-badge';
import { useSendCommand } from './use-send-command';

// With several inverters: whether each takes commands (its settings). One that takes them
// by day only is not excluded at night: its command is reported as not sent afterwards.
const loadSettings = () => getInverterList();
const noSettings = () => Promise.resolve(undefined);

/**
 * Sets a relative or absolute limit, for now or persistently (spec §4, §5, §9). For one
 * inverter it shows the current limit and the last command, and closes once the device
 * took the command (spec §8). For several (issue 23) it splits a total among those chosen
 * in its checkbox list, shows each part before sending, sends them one after another and
 * then follows each inverter's confirmation in the same list, with a retry for failures.
 */
export function LimitDialog({ inverters, onClose }: { inverters: LiveInverter[]; onClose: () => void }) {
  const { t, tm, locale } = useI18n();
  const id = useId();
  const single = inverters.length === 1 ? inverters[0] : undefined;
  const snapshot = useCommands('limit');
  const { data } = useApiData(single ? noSettings : loadSettings);
  const { answer, setAnswer, busy: sending, send: sendOne } = useSendCommand(onClose);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(inverters.map((i) => i.serial)));
  const [relative, setRelative] = useState(!!single);
  const [rated, setRated] = useState(true);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);

  const settings = new Map(data?.inverter.map((entry) => [entry.serial, entry]));
  const targets: SplitTarget[] = inverters
    .filter((inverter) => chosen.has(inverter.serial))
    .map(({ serial }) => {
      const own = settings.get(serial);
      return {
        serial,
        maxPower: snapshot.limit?.[serial]?.max_power ?? 0,
        excluded:
          own && !own.command_enable
            ? { key: 'inverteradmin.StatusOff', what: t('inverteradmin.CommandEnable') }
            : undefined,
      };
    });
  const max = groupMax(targets);
  const problem = max > 0 ? checkLimit(value, relative, max) : { key: 'overview.NoneSelected' };
  const parts = problem || single ? [] : splitLimit(Number(value), relative, !rated, targets);
  const error = touched && problem ? t(problem.key, problem) : undefined;
  // Failure counts although the DTU keeps re-sending: the owner may want to try at once.
  const failed = sent
    .map((serial) => commandOf(snapshot, 'limit', serial))
    .filter(
      (command): command is Command =>
        !!command && ['failure', 'timeout', 'dropped', 'rejected'].includes(command.state),
    );

  const sendAll = async (requests: CommandRequest[], retry = false) => {
    setBusy(true);
    const serials = requests.map((request) => request.serial);
    setSent((before) => (retry ? [...before, ...serials] : serials));
    // One after another: the device answers each POST once it queued the command.
    for (const request of requests) await sendCommand(request);
    setBusy(false);
  };
  const send = (persistent: boolean) => {
    setTouched(true);
    if (problem || busy || sending || (!single && !data)) return;
    const limit = { kind: 'limit', relative, persistent } as const;
    if (single) sendOne({ ...limit, serial: single.serial, value: Number(value) });
    else
      void sendAll(
        parts.flatMap(({ serial, value: part }) =>
          part === undefined ? [] : [{ ...limit, serial, value: part }],
        ),
      );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  const status = single && snapshot.limit?.[single.serial];
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
      size={single ? undefined : 'lg'}
      title={single ? `${t('home.LimitSettings')}: ${single.name}` : t('home.LimitSettings')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('base.Close')}
          </button>
          {failed.length > 0 && (
            <button
              type="button"
              className="btn btn-warning"
              disabled={busy}
              onClick={() => void sendAll(failed, true)}
            >
              {t('firmwareupgrade.Retry')}
            </button>
          )}
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy || sending}>
            {t('home.SetNonPersistent')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy || sending}
            onClick={() => send(true)}
          >
            {t('home.SetPersistent')}
          </button>
        </>
      }
    >
      {answer && <ApiAlert response={answer} onClose={() => setAnswer(undefined)} />}
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        {single && (
          <dl className="row mb-3">
            <dt className="col-6">{t('home.CurrentLimit')}</dt>
            <dd className="col-6 mb-1" data-current-limit="">
              {formatLimit(locale, single)}
            </dd>
            <dt className="col-6">{t('home.LastLimitSetStatus')}</dt>
            <dd className="col-6 mb-0">
              <SetStatusBadge status={status ? status.limit_set_status : undefined} />
            </dd>
            <dd className="col-12 mb-0">
              <CommandNote command={commandOf(snapshot, 'limit', single.serial)} />
            </dd>
          </dl>
        )}
        <div className="row">
          {radios('home.LimitType', relative, setRelative, 'home.Absolute', 'home.Relative')}
          {!single && radios('overview.Split', rated, setRated, 'overview.Equal', 'overview.ByRated')}
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
        {single ? (
          !relative && <p className="small text-body-secondary mb-0">{tm('home.LimitHint')}</p>
        ) : (
          <LimitParts
            inverters={inverters}
            chosen={chosen}
            onChoose={setChosen}
            parts={parts}
            targets={targets}
            unit={relative ? '%' : 'W'}
            sent={sent}
            commands={snapshot}
          />
        )}
      </form>
    </Modal>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { commandOf, commands, isOpen, useCommands, type Command } from '../../api/commands';
import { getInverterList } from '../../api/inverter';
import { getNtpStatus } from '../../api/ntp';
import { useApiData } from '../../api/use-api-data';
import { CommandNote } from '../../components/command-note';
import { controlProps, Field } from '../../components/field';
import { Modal } from '../../components/modal';
import { useI18n } from '../../i18n/i18n-provider';
import { formatNumber } from '../../lib/format';
import { groupMax, splitLimit, type SplitNote, type SplitTarget } from '../../lib/limit-split';
import { checkLimit } from '../../lib/limit-validation';
import type { LiveInverter } from '../../lib/live-merge';

// Whether each inverter takes commands now: its settings, and day or night.
const loadSetup = () => Promise.all([getInverterList(), getNtpStatus()]);

/**
 * One limit for several inverters (issue 23): choose them, enter a total, see each part
 * (capped to what the inverter takes, with the reason) and send them one after another;
 * the same list then follows each inverter's confirmation, with a retry for failures.
 */
export function GroupLimitDialog({ inverters, onClose }: { inverters: LiveInverter[]; onClose: () => void }) {
  const { t, locale } = useI18n();
  const id = useId();
  const snapshot = useCommands('limit');
  const { data } = useApiData(loadSetup);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(inverters.map((i) => i.serial)));
  const [relative, setRelative] = useState(false);
  const [equal, setEqual] = useState(false);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);

  const settings = new Map(data?.[0].inverter.map((entry) => [entry.serial, entry]));
  const night = data ? !data[1].sun_isDayPeriod : false;
  const off = (key: string): SplitNote => ({
    key: 'inverteradmin.StatusOff',
    what: t(`inverteradmin.${key}`),
  });
  const targets: SplitTarget[] = inverters
    .filter((inverter) => chosen.has(inverter.serial))
    .map((inverter) => {
      const own = settings.get(inverter.serial);
      const excluded = !own?.command_enable
        ? off('CommandEnable')
        : night && !own.command_enable_night
          ? off('CommandEnableNight')
          : undefined;
      const maxPower = snapshot.limit?.[inverter.serial]?.max_power ?? 0;
      return { serial: inverter.serial, maxPower, ...(data && own ? { excluded } : {}) };
    });
  const problem = targets.some((target) => !target.excluded)
    ? checkLimit(value, relative, groupMax(targets))
    : { key: 'overview.NoneSelected' };
  const parts = problem ? [] : splitLimit(Number(value), relative, equal, targets);
  const error = touched && problem ? t(problem.key, problem) : undefined;
  const unit = relative ? '%' : 'W';
  const failed = sent
    .map((serial) => commandOf(snapshot, 'limit', serial))
    .filter((command): command is Command => !!command && !isOpen(command) && command.state !== 'ok');

  const sendAll = async (requests: Parameters<typeof commands.send>[0][], retry = false) => {
    setBusy(true);
    const serials = requests.map((request) => request.serial);
    setSent((before) => (retry ? [...before, ...serials] : serials));
    // One after another: the device queues commands per inverter, answering each POST.
    for (const request of requests) await commands.send(request);
    setBusy(false);
  };
  const send = (persistent: boolean) => {
    setTouched(true);
    if (problem || busy || !data) return;
    void sendAll(
      parts.flatMap(({ serial, value: part }) =>
        part === undefined ? [] : [{ serial, kind: 'limit' as const, value: part, relative, persistent }],
      ),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  const toggle = (serial: string) => {
    const next = new Set(chosen);
    if (!next.delete(serial)) next.add(serial);
    setChosen(next);
  };
  const all = chosen.size === inverters.length;

  return (
    <Modal
      open
      size="lg"
      title={t('home.LimitSettings')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary me-auto" onClick={onClose}>
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
          <button type="submit" form={`${id}-form`} className="btn btn-primary" disabled={busy}>
            {t('home.SetNonPersistent')}
          </button>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => send(true)}>
            {t('home.SetPersistent')}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <div className="row">
          {[
            ['home.LimitType', relative, setRelative, 'home.Absolute', 'home.Relative'] as const,
            ['overview.Split', equal, setEqual, 'overview.ByRated', 'overview.Equal'] as const,
          ].map(([legend, current, set, no, yes]) => (
            <fieldset
              className="col-sm-6 mb-3"
              key={legend}
              disabled={legend !== 'home.LimitType' && relative}
            >
              <legend className="form-label fs-6">{t(legend)}</legend>
              {[false, true].map((option) => (
                <div className="form-check" key={String(option)}>
                  <input
                    className="form-check-input"
                    type="radio"
                    id={`${id}-${legend}-${option}`}
                    name={`${id}-${legend}`}
                    checked={current === option}
                    onChange={() => set(option)}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${legend}-${option}`}>
                    {t(option ? yes : no)}
                  </label>
                </div>
              ))}
            </fieldset>
          ))}
        </div>
        <Field id={`${id}-value`} label={`${t('home.SetLimit')} (${unit})`} error={error}>
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
        <table className="table table-sm mb-0">
          <thead>
            <tr>
              <th scope="col">
                <div className="form-check mb-0">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`${id}-all`}
                    checked={all}
                    onChange={() => setChosen(new Set(all ? [] : inverters.map((i) => i.serial)))}
                  />
                  <label className="form-check-label" htmlFor={`${id}-all`}>
                    {t('overview.All')}
                  </label>
                </div>
              </th>
              <th scope="col" className="text-end">
                {t('home.SetLimit')}
              </th>
              <th scope="col">{t('inverteradmin.Status')}</th>
            </tr>
          </thead>
          <tbody>
            {inverters.map((inverter) => {
              const part = parts.find((p) => p.serial === inverter.serial);
              const note =
                part?.note ?? targets.find((target) => target.serial === inverter.serial)?.excluded;
              const checkId = `${id}-${inverter.serial}`;
              return (
                <tr key={inverter.serial} data-part={inverter.serial}>
                  <td>
                    <div className="form-check mb-0">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        id={checkId}
                        checked={chosen.has(inverter.serial)}
                        onChange={() => toggle(inverter.serial)}
                      />
                      <label className="form-check-label text-break" htmlFor={checkId}>
                        {inverter.name}
                      </label>
                    </div>
                  </td>
                  <td className="text-end text-nowrap" data-value="">
                    {part?.value !== undefined && `${formatNumber(locale, part.value, 0)} ${unit}`}
                  </td>
                  <td className="small">
                    {sent.includes(inverter.serial) ? (
                      <CommandNote command={commandOf(snapshot, 'limit', inverter.serial)} brief />
                    ) : (
                      note && t(note.key, note)
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
          {!relative && parts.length > 0 && (
            <tfoot>
              <tr>
                <th scope="row">{t('overview.Total')}</th>
                <td className="text-end text-nowrap" data-sum="">
                  {formatNumber(
                    locale,
                    parts.reduce((sum, p) => sum + (p.value ?? 0), 0),
                    0,
                  )}{' '}
                  W
                </td>
                <td />
              </tr>
            </tfoot>
          )}
        </table>
      </form>
    </Modal>
  );
}

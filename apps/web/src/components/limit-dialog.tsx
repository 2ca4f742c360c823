import { useState } from 'react';
import { commandOf, sendCommand, useCommands, type CommandRequest } from '../api/commands';
import { getInverterList } from '../api/inverter';
import { useApiData } from '../api/use-api-data';
import { useI18n } from '../i18n/i18n-provider';
import { formatLimit } from '../lib/format';
import type { LiveInverter } from '../lib/live-merge';
import { ApiAlert } from './api-alert';
import { CommandNote } from './command-note';
import { LimitForm } from './limit-form';
import { SetStatusBadge } from './set-status-badge';
import { useSendCommand } from './use-send-command';

// With several inverters: whether each takes commands (its settings). One that takes them
// by day only is not excluded at night: its command is reported as not sent afterwards.
const loadSettings = () => getInverterList();
const noSettings = () => Promise.resolve(undefined);

/**
 * The device's limit dialog. For one inverter it shows the current limit and the last
 * command, and closes once the device took the command (spec §8). For several (issue 23)
 * it sends the parts one after another and follows each inverter's confirmation.
 */
export function LimitDialog({ inverters, onClose }: { inverters: LiveInverter[]; onClose: () => void }) {
  const { t, locale } = useI18n();
  const single = inverters.length === 1 ? inverters[0] : undefined;
  const snapshot = useCommands('limit');
  const { data } = useApiData(single ? noSettings : loadSettings);
  const { answer, setAnswer, busy: sending, send: sendOne } = useSendCommand(onClose);
  const [sent, setSent] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);

  const settings = new Map(data?.inverter.map((entry) => [entry.serial, entry]));
  const rows = inverters.map(({ serial, name }) => ({
    key: serial,
    name,
    maxPower: snapshot.limit?.[serial]?.max_power ?? 0,
    excluded:
      settings.get(serial)?.command_enable === false
        ? { key: 'inverteradmin.StatusOff', what: t('inverteradmin.CommandEnable') }
        : undefined,
    command: sent.includes(serial) ? commandOf(snapshot, 'limit', serial) : undefined,
  }));

  const sendAll = async (requests: CommandRequest[], retry = false) => {
    setBusy(true);
    const serials = requests.map((request) => request.serial);
    setSent((before) => (retry ? [...before, ...serials] : serials));
    // One after another: the device answers each POST once it queued the command.
    for (const request of requests) await sendCommand(request);
    setBusy(false);
  };
  const status = single && snapshot.limit?.[single.serial];

  return (
    <LimitForm
      title={single ? `${t('home.LimitSettings')}: ${single.name}` : t('home.LimitSettings')}
      rows={rows}
      group={!single}
      busy={busy || sending}
      ready={!!single || !!data}
      onSend={({ relative, persistent, parts }) => {
        const requests = parts.map(({ key, value }) => ({
          kind: 'limit' as const,
          serial: key,
          value,
          relative,
          persistent,
        }));
        if (single) sendOne(requests[0]!);
        else void sendAll(requests);
      }}
      onRetry={(failed) => void sendAll(failed, true)}
      onClose={onClose}
    >
      {answer && <ApiAlert response={answer} onClose={() => setAnswer(undefined)} />}
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
    </LimitForm>
  );
}

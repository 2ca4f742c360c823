import { isFailed, isOpen, type Command } from '../api/commands';
import { useI18n } from '../i18n/i18n-provider';
import { formatNumber } from '../lib/format';
import { apiResponseText } from './api-alert';
import { SetStatusBadge } from './set-status-badge';

export const ACTION = { on: 'home.TurnOn', off: 'home.TurnOff', restart: 'home.Restart' } as const;

/**
 * The last command to an inverter as it stands: what was requested, the device's state
 * as a badge, and in words what a wait, a timeout or a refusal means. Never "saved":
 * a command is done only when the inverter confirmed it.
 */
export function CommandNote({ command, brief = false }: { command: Command | undefined; brief?: boolean }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  if (!command) return null;
  const { state } = command;
  const words =
    state === 'rejected'
      ? command.answer && apiResponseText(i18n, command.answer)
      : state === 'dropped'
        ? t('inverteradmin.StatusOff', { what: t('inverteradmin.CommandEnable') })
        : state === 'timeout'
          ? t('home.Timeout')
          : isOpen(command)
            ? t(command.late || state === 'failure' ? 'home.NoAck' : 'home.Sent')
            : undefined;
  return (
    <span data-command={state}>
      {' '}
      {!brief &&
        `${t('home.Requested')} ${
          command.kind === 'limit'
            ? `${formatNumber(locale, command.value!, 0)} ${command.relative ? '%' : 'W'}`
            : t(ACTION[command.action!])
        } `}
      <SetStatusBadge status={isFailed(command) ? 'Failure' : state === 'ok' ? 'Ok' : 'Pending'} />
      {words && <span className="d-block small">{words}</span>}
    </span>
  );
}

import { isLiveInverterFull } from '@opendtu/api';
import { useLoggedIn } from '../../api/auth';
import { useDeviceAway } from '../../api/connection';
import { useI18n } from '../../i18n/i18n-provider';
import type { LiveInverter } from '../../lib/live-merge';

export type LiveDialog = 'limit' | 'power' | 'info' | 'grid' | 'events';

/** The dialogs that change the inverter, and two that only show it (the event log has its count). */
const COMMANDS = [
  ['limit', 'home.ShowSetInverterLimit'],
  ['power', 'home.TurnOnOff'],
] as const;
const VIEWS = [
  ['info', 'Error.Details'],
  ['grid', 'home.GridProfile'],
] as const;

/**
 * The inverter's actions; those that change it need a login and a device that answers,
 * and say which is missing when disabled (in words, not only as a title: touch screens show no titles).
 */
export function InverterToolbar({
  inverter,
  onOpen,
}: {
  inverter: LiveInverter;
  onOpen: (dialog: LiveDialog) => void;
}) {
  const { t } = useI18n();
  const loggedIn = useLoggedIn();
  const away = useDeviceAway();
  const events = isLiveInverterFull(inverter) ? inverter.events : -1;
  const blocked = !loggedIn ? t('home.LoginRequired') : away ? t('connection.CommandsOff') : undefined;
  return (
    <div className="btn-toolbar gap-2 mb-3" role="toolbar" aria-label={t('home.Actions')}>
      {COMMANDS.map(([dialog, label]) => (
        <span key={dialog} title={blocked}>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!!blocked}
            onClick={() => onOpen(dialog)}
          >
            {t(label)}
          </button>
        </span>
      ))}
      {VIEWS.map(([dialog, label]) => (
        <button key={dialog} type="button" className="btn btn-outline-primary" onClick={() => onOpen(dialog)}>
          {t(label)}
        </button>
      ))}
      <button type="button" className="btn btn-outline-primary" onClick={() => onOpen('events')}>
        {t('home.ShowEventlog')}
        {events >= 0 && (
          <span className="badge text-bg-danger ms-2">
            {events}
            <span className="visually-hidden"> {t('home.UnreadMessages')}</span>
          </span>
        )}
      </button>
      {blocked && <small className="align-self-center text-body-secondary">{blocked}</small>}
    </div>
  );
}

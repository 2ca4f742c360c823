import { isLiveInverterFull } from '@opendtu/api';
import { useLoggedIn } from '../../api/auth';
import { useDeviceAway } from '../../api/connection';
import { useI18n } from '../../i18n/i18n-provider';
import type { LiveInverter } from '../../lib/live-merge';

export type LiveDialog = 'limit' | 'power' | 'info' | 'grid' | 'events';

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
      <span title={blocked}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!!blocked}
          onClick={() => onOpen('limit')}
        >
          {t('home.ShowSetInverterLimit')}
        </button>
      </span>
      <span title={blocked}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!!blocked}
          onClick={() => onOpen('power')}
        >
          {t('home.TurnOnOff')}
        </button>
      </span>
      <button type="button" className="btn btn-outline-primary" onClick={() => onOpen('info')}>
        {t('Error.Details')}
      </button>
      <button type="button" className="btn btn-outline-primary" onClick={() => onOpen('grid')}>
        {t('home.GridProfile')}
      </button>
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

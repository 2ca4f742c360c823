import type { Alert, AlertEvent } from '@opendtu/api';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-provider';
import { deliveryText, deviceDateTime, RULE_NAME } from './alert-format';

const EVENT_NAME: Readonly<Record<AlertEvent, string>> = {
  raised: 'alerts.EventRaised',
  resolved: 'alerts.EventResolved',
};

function AlertItem({ alert, timezone }: { alert: Alert; timezone: string }) {
  const { t, tc, locale } = useI18n();
  const open = alert.ended === null;
  const started = deviceDateTime(locale, alert.started, timezone);
  return (
    <li className="list-group-item" data-alert={alert.id}>
      <div className="d-flex flex-wrap align-items-baseline column-gap-2">
        <h3 className="h6 mb-1 text-break">
          {alert.inverter?.name ?? t(alert.rule === 'dtu-unreachable' ? 'alerts.TheDtu' : 'alerts.ThePlant')}
        </h3>{' '}
        {/* The state in words, not by colour alone. */}
        <span className={`badge ${open ? 'text-bg-danger' : 'text-bg-secondary'}`}>
          {t(open ? 'alerts.StateOpen' : 'alerts.StateResolved')}
        </span>{' '}
        <span className="small text-body-secondary">{t(RULE_NAME[alert.rule])}</span>
      </div>
      <p className="mb-1 text-break">{alert.text}</p>
      <p className="small mb-1">
        {open
          ? t('alerts.Since', { time: started })
          : t('alerts.FromTo', { from: started, to: deviceDateTime(locale, alert.ended!, timezone) })}
      </p>
      {alert.sent.length > 0 ? (
        <ul className="small mb-0 ps-3" aria-label={t('alerts.Sent')}>
          {alert.sent.map((delivery, index) => (
            <li key={index} className="text-break">
              {t(EVENT_NAME[delivery.event])} → <code>{delivery.channel}</code>:{' '}
              {deliveryText({ t, tc }, locale, delivery)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="small mb-0 text-body-secondary">{t('alerts.NothingSent')}</p>
      )}
    </li>
  );
}

/**
 * Open or past alerts, newest first, with what was sent to whom; beyond `first`, the rest
 * behind a button (the API keeps the last 100 past ones).
 */
export function AlertList({
  alerts,
  timezone,
  empty,
  label,
  first = Infinity,
}: {
  alerts: readonly Alert[];
  timezone: string;
  empty: string;
  /** The list's name for assistive technology: its section's title. */
  label: string;
  first?: number;
}) {
  const { t } = useI18n();
  const [all, setAll] = useState(false);
  if (alerts.length === 0) return <p className="text-body-secondary">{empty}</p>;
  const shown = all ? alerts : alerts.slice(0, first);
  return (
    <>
      <ul className="list-group mb-2" aria-label={label}>
        {shown.map((alert) => (
          <AlertItem key={alert.id} alert={alert} timezone={timezone} />
        ))}
      </ul>
      {shown.length < alerts.length && (
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setAll(true)}>
          {t('alerts.ShowAll', { count: alerts.length })}
        </button>
      )}
    </>
  );
}

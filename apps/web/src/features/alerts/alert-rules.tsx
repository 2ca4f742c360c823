import type { AlertsAnswer } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { deviceClock, RULE_NAME, ruleCondition } from './alert-format';

/**
 * What the companion watches, read-only (its options set it: --alert-*): each rule on or
 * off with its limit, the hours judged today, reminders and quiet hours.
 */
export function AlertRules({ answer, timezone }: { answer: AlertsAnswer; timezone: string }) {
  const { t, locale } = useI18n();
  const { daylight, quiet_hours: quiet, reminder_hours: reminder } = answer;
  return (
    <section className="mb-4" aria-labelledby="alert-rules">
      <h2 id="alert-rules" className="h4">
        {t('alerts.Rules')}
      </h2>
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <thead>
            <tr>
              <th scope="col">{t('alerts.Rule')}</th>
              <th scope="col">{t('alerts.Watched')}</th>
              <th scope="col">{t('alerts.Condition')}</th>
            </tr>
          </thead>
          <tbody>
            {answer.rules.map((rule) => (
              <tr key={rule.rule} data-rule={rule.rule}>
                <th scope="row" className="fw-normal">
                  {t(RULE_NAME[rule.rule])}
                </th>
                <td>
                  <span className={`badge ${rule.enabled ? 'text-bg-success' : 'text-bg-secondary'}`}>
                    {t(rule.enabled ? 'alerts.On' : 'alerts.Off')}
                  </span>
                </td>
                <td>{ruleCondition(t, locale, rule)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mb-0">
        <li>
          {daylight
            ? t('alerts.Daylight', {
                from: deviceClock(locale, daylight.from, timezone),
                to: deviceClock(locale, daylight.to, timezone),
                minutes: answer.twilight_minutes,
              })
            : t('alerts.NoDaylight')}
        </li>
        <li>{reminder === null ? t('alerts.NoReminder') : t('alerts.Reminder', { hours: reminder })}</li>
        <li>
          {quiet ? t('alerts.QuietHours', { from: quiet.from, to: quiet.to }) : t('alerts.NoQuietHours')}
        </li>
      </ul>
    </section>
  );
}

// Pure formatting of the alerts screen: times on the device's clock, each rule's name and
// limit in words. Message keys are literals, so the build turns them into indices.
import {
  posixTzOrUtc,
  utcOffsetAt,
  type AlertDelivery,
  type AlertRule,
  type AlertRuleSettings,
} from '@opendtu/api';
import type { Translator } from '../../i18n/runtime';
import { formatCelsius, formatClock, formatDateTime, formatPercent } from '../../lib/format';

/**
 * An alert's moment (ISO, an instant of the device's clock) as the device's wall clock
 * shows it in its own zone (the companion's POSIX TZ string), wherever the browser is.
 */
export function onDeviceWall(iso: string, timezone: string): number {
  const at = Date.parse(iso);
  return at + utcOffsetAt(posixTzOrUtc(timezone), at) * 1000;
}

export const deviceDateTime = (locale: string, iso: string, timezone: string): string =>
  formatDateTime(locale, onDeviceWall(iso, timezone), 'UTC');

export const deviceClock = (locale: string, iso: string, timezone: string): string =>
  formatClock(locale, onDeviceWall(iso, timezone), false, 'UTC');

/** The rule's name, as the owner would say it. */
export const RULE_NAME: Readonly<Record<AlertRule, string>> = {
  'inverter-silent': 'alerts.RuleInverterSilent',
  'string-weak': 'alerts.RuleStringWeak',
  'command-failed': 'alerts.RuleCommandFailed',
  'dtu-unreachable': 'alerts.RuleDtuUnreachable',
  eventlog: 'alerts.RuleEventlog',
  'energy-low': 'alerts.RuleEnergyLow',
  'inverter-hot': 'alerts.RuleInverterHot',
  'influx-failing': 'alerts.RuleInfluxFailing',
};

/** When a rule tells, in words: its limit and how long the condition must stand. */
export function ruleCondition(t: Translator['t'], locale: string, rule: AlertRuleSettings): string {
  const minutes = rule.minutes;
  const share = formatPercent(locale, (rule.threshold ?? 0.5) * 100);
  switch (rule.rule) {
    case 'string-weak':
      return t('alerts.WhenStringWeak', { share, minutes });
    case 'energy-low':
      return t('alerts.WhenEnergyLow', { share });
    case 'inverter-hot':
      return t('alerts.WhenInverterHot', {
        temperature: formatCelsius(locale, rule.threshold ?? 0),
        minutes,
      });
    case 'eventlog':
      return t('alerts.WhenEventlog', { minutes });
    default:
      return t('alerts.WhenMinutes', { minutes });
  }
}

/**
 * What became of one message: taken by the receiver (when, this machine's clock), or
 * still waiting with the tries so far and the receiver's last answer.
 */
export function deliveryText(
  { t, tc }: Pick<Translator, 't' | 'tc'>,
  locale: string,
  delivery: AlertDelivery,
): string {
  if (delivery.sent !== null) {
    return t('alerts.DeliverySent', { time: formatDateTime(locale, Date.parse(delivery.sent)) });
  }
  const tries = tc('alerts.DeliveryWaiting', delivery.attempts);
  return delivery.last_answer ? `${tries} (${delivery.last_answer})` : tries;
}

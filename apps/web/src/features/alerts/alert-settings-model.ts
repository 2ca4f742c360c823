// The alert settings as the screen edits them, and back to what the server takes: shares
// in per cent, reminder and quiet hours as a switch with their values, the channels one
// URL a line (masked ones as the server showed them, which keeps their passwords).
import {
  ALERT_LIMITS,
  THRESHOLD_KIND,
  type AlertRule,
  type AlertsAnswer,
  type AlertSettingsBody,
} from '@opendtu/api';
import type { FormErrors } from '../../components/form/use-config-form';
import type { Translator } from '../../i18n/runtime';
import { numberBetween } from '../../lib/validate';

export interface RuleForm {
  rule: AlertRule;
  enabled: boolean;
  minutes: number;
  /** Per cent for a share, °C for a temperature; NaN for a rule without one. */
  threshold: number;
}

export interface AlertSettingsForm {
  rules: RuleForm[];
  twilight_minutes: number;
  reminder: boolean;
  reminder_hours: number;
  quiet: boolean;
  quiet_from: string;
  quiet_to: string;
  /** One URL a line. */
  channels: string;
}

const kindOf = (rule: AlertRule) => THRESHOLD_KIND[rule as keyof typeof THRESHOLD_KIND];

/** Hundredths of a per cent at most, so 0.35 shows as 35, not 35.00000000000001. */
const percent = (share: number): number => Math.round(share * 10_000) / 100;

export function toForm(answer: AlertsAnswer): AlertSettingsForm {
  return {
    rules: answer.rules.map(({ rule, enabled, minutes, threshold }) => ({
      rule,
      enabled,
      minutes,
      threshold:
        threshold === undefined ? Number.NaN : kindOf(rule) === 'percent' ? percent(threshold) : threshold,
    })),
    twilight_minutes: answer.twilight_minutes,
    reminder: answer.reminder_hours !== null,
    reminder_hours: answer.reminder_hours ?? 24,
    quiet: answer.quiet_hours !== null,
    quiet_from: answer.quiet_hours?.from ?? '22:00',
    quiet_to: answer.quiet_hours?.to ?? '07:00',
    channels: answer.channels.map(({ url }) => url).join('\n'),
  };
}

export function toBody(form: AlertSettingsForm): AlertSettingsBody {
  return {
    rules: form.rules.map(({ rule, enabled, minutes, threshold }) => {
      const kind = kindOf(rule);
      return {
        rule,
        enabled,
        minutes,
        ...(kind && { threshold: kind === 'percent' ? threshold / 100 : threshold }),
      };
    }),
    twilight_minutes: form.twilight_minutes,
    reminder_hours: form.reminder ? form.reminder_hours : null,
    quiet_hours: form.quiet ? { from: form.quiet_from, to: form.quiet_to } : null,
    channels: form.channels
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The server's bounds, checked before anything is sent (its own check stays the last word). */
export function validateAlertSettings(
  t: Translator['t'],
  form: AlertSettingsForm,
): FormErrors<AlertSettingsForm> {
  const errors: Record<string, string | undefined> = {};
  form.rules.forEach(({ rule, enabled, minutes, threshold }, index) => {
    if (!enabled) return;
    if (rule !== 'energy-low') {
      const { min, max } = ALERT_LIMITS.minutes;
      errors[`rules.${index}.minutes`] = numberBetween(t, minutes, min, max, true);
    }
    const kind = kindOf(rule);
    if (kind) {
      const { min, max } = ALERT_LIMITS[kind];
      errors[`rules.${index}.threshold`] = numberBetween(t, threshold, min, max, true);
    }
  });
  const { twilight, reminderHours } = ALERT_LIMITS;
  errors.twilight_minutes = numberBetween(t, form.twilight_minutes, twilight.min, twilight.max);
  if (form.reminder)
    errors.reminder_hours = numberBetween(t, form.reminder_hours, reminderHours.min, reminderHours.max, true);
  if (form.quiet) {
    errors.quiet_from = CLOCK.test(form.quiet_from) ? undefined : t('alerts.ClockWanted');
    errors.quiet_to = !CLOCK.test(form.quiet_to)
      ? t('alerts.ClockWanted')
      : form.quiet_to === form.quiet_from
        ? t('alerts.QuietSame')
        : undefined;
  }
  return errors as FormErrors<AlertSettingsForm>;
}

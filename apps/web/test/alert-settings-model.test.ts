// The alert settings between the server's answer and the screen's form: shares in per
// cent both ways, reminder and quiet hours switched off as null, one URL a line, and the
// server's bounds checked before anything is sent.
import type { AlertsAnswer } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en.json';
import { createTranslator } from '../src/i18n/runtime';
import { toBody, toForm, validateAlertSettings } from '../src/features/alerts/alert-settings-model';

const { t } = createTranslator([en]);

const ANSWER: AlertsAnswer = {
  open: [],
  past: [],
  rules: [
    { rule: 'inverter-silent', enabled: true, minutes: 15 },
    { rule: 'string-weak', enabled: true, minutes: 30, threshold: 0.35 },
    { rule: 'energy-low', enabled: true, minutes: 0, threshold: 0.5 },
    { rule: 'inverter-hot', enabled: false, minutes: 5, threshold: 70 },
  ],
  twilight_minutes: 120,
  daylight: null,
  reminder_hours: null,
  quiet_hours: { from: '22:00', to: '06:30' },
  channels: [
    { kind: 'ntfy', url: 'ntfy://me:****@ntfy.sh/plant' },
    { kind: 'webhook', url: 'https://example.org/hook' },
  ],
  source: 'options',
};

describe('the alert settings form', () => {
  it('shows shares in per cent and gives back what the server showed', () => {
    const form = toForm(ANSWER);
    expect(form.rules[1]).toEqual({ rule: 'string-weak', enabled: true, minutes: 30, threshold: 35 });
    expect(form.rules[0]!.threshold).toBeNaN();
    expect(form).toMatchObject({ reminder: false, quiet: true, quiet_from: '22:00', quiet_to: '06:30' });
    expect(form.channels).toBe('ntfy://me:****@ntfy.sh/plant\nhttps://example.org/hook');
    const body = toBody(form);
    expect(body.rules).toEqual(
      ANSWER.rules.map(({ rule, enabled, minutes, threshold }) => ({
        rule,
        enabled,
        minutes,
        ...(threshold !== undefined && { threshold }),
      })),
    );
    expect(body).toMatchObject({ reminder_hours: null, quiet_hours: { from: '22:00', to: '06:30' } });
    expect(body.channels).toEqual(ANSWER.channels.map(({ url }) => url));
  });

  it('sends a switched-off reminder or quiet hours as null, and drops empty lines', () => {
    const form = { ...toForm(ANSWER), quiet: false, reminder: true, reminder_hours: 6 };
    form.channels = '\n  https://example.org/hook  \n\n';
    expect(toBody(form)).toMatchObject({
      reminder_hours: 6,
      quiet_hours: null,
      channels: ['https://example.org/hook'],
    });
  });

  it('refuses what the server would, before sending, for watched rules only', () => {
    const form = toForm(ANSWER);
    form.rules[0]!.minutes = 0;
    form.rules[1]!.threshold = 100;
    form.rules[3]!.threshold = Number.NaN; // off: not checked
    form.quiet_to = '22:00';
    form.twilight_minutes = 601;
    const errors = validateAlertSettings(t, form);
    expect(errors['rules.0.minutes']).toMatch(/1.*1440/);
    expect(errors['rules.1.threshold']).toMatch(/1.*99/);
    expect(errors['rules.3.threshold']).toBeUndefined();
    expect(errors.quiet_to).toBe('Start and end must differ.');
    expect(errors.twilight_minutes).toMatch(/0.*600/);
    form.quiet_from = '7:5';
    expect(validateAlertSettings(t, form).quiet_from).toBe('A time of day such as 22:00.');
  });
});

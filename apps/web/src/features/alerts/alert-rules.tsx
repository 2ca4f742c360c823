import { THRESHOLD_KIND, type AlertsAnswer } from '@opendtu/api';
import { useCallback } from 'react';
import { getAlerts, saveAlertSettings } from '../../api/alerts';
import { NumberField, SwitchField, TextAreaField, TextField } from '../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../components/form/form-layout';
import { useConfigForm } from '../../components/form/use-config-form';
import { useI18n } from '../../i18n/i18n-provider';
import { deviceClock, RULE_NAME, ruleCondition } from './alert-format';
import {
  toBody,
  toForm,
  validateAlertSettings,
  type AlertSettingsForm,
  type RuleForm,
} from './alert-settings-model';
import { Section } from '../../components/card';

const load = (signal: AbortSignal): Promise<AlertSettingsForm> => getAlerts(signal).then(toForm);
const save = (form: AlertSettingsForm) => saveAlertSettings(toBody(form));

/** A rule as the words of its condition read it (the threshold back to a share). */
const asRule = ({ rule, enabled, minutes, threshold }: RuleForm) => ({
  rule,
  enabled,
  minutes,
  threshold: THRESHOLD_KIND[rule as keyof typeof THRESHOLD_KIND] === 'percent' ? threshold / 100 : threshold,
});

/**
 * What the companion watches and whom it tells, for the admin to change: each rule on or
 * off with its time and limit, the hours judged, reminders, quiet hours and the channels'
 * URLs, saved as a whole (the server checks them again and says why it refuses).
 */
export function AlertRules({
  answer,
  timezone,
  onSaved,
}: {
  answer: AlertsAnswer;
  timezone: string;
  onSaved: () => void;
}) {
  const { t, locale } = useI18n();
  const validate = useCallback((form: AlertSettingsForm) => validateAlertSettings(t, form), [t]);
  const form = useConfigForm<AlertSettingsForm>({ load, save, validate, onSaved });
  const values = form.values;
  const { daylight } = answer;
  return (
    <Section title={t('alerts.Rules')}>
      <p>
        {daylight
          ? t('alerts.Daylight', {
              from: deviceClock(locale, daylight.from, timezone),
              to: deviceClock(locale, daylight.to, timezone),
              minutes: answer.twilight_minutes,
            })
          : t('alerts.NoDaylight')}{' '}
        {t(answer.source === 'saved' ? 'alerts.SourceSaved' : 'alerts.SourceOptions')}
      </p>
      {values && (
        <ConfigFormBody form={form}>
          <FormCard title={t('alerts.RuleSettings')}>
            {values.rules.map((rule, index) => {
              const kind = THRESHOLD_KIND[rule.rule as keyof typeof THRESHOLD_KIND];
              return (
                // A group named after its rule: each field's label ("Told after it lasts")
                // is heard with the rule it belongs to.
                <div
                  key={rule.rule}
                  data-rule={rule.rule}
                  className="mb-2"
                  role="group"
                  aria-label={t(RULE_NAME[rule.rule])}
                >
                  <SwitchField
                    {...form.check(`rules.${index}.enabled`)}
                    label={t(RULE_NAME[rule.rule])}
                    hint={rule.enabled ? ruleCondition(t, locale, asRule(rule)) : t('alerts.NotWatched')}
                  />
                  {rule.enabled && (
                    <div className="row g-2 ms-md-4">
                      {rule.rule !== 'energy-low' && (
                        <div className="col-sm-6">
                          <NumberField
                            {...form.number(`rules.${index}.minutes`)}
                            label={t(rule.rule === 'eventlog' ? 'alerts.ReadEvery' : 'alerts.LastsFor')}
                            unit="min"
                            step="any"
                          />
                        </div>
                      )}
                      {kind && (
                        <div className="col-sm-6">
                          <NumberField
                            {...form.number(`rules.${index}.threshold`)}
                            label={t(kind === 'percent' ? 'alerts.ShareBelow' : 'alerts.HotterThan')}
                            unit={kind === 'percent' ? '%' : '°C'}
                          />
                        </div>
                      )}
                    </div>
                  )}
                </div>
              );
            })}
          </FormCard>
          <FormCard title={t('alerts.Times')}>
            <NumberField
              {...form.number('twilight_minutes')}
              label={t('alerts.Twilight')}
              hint={t('alerts.TwilightHint')}
              unit="min"
            />
            <SwitchField {...form.check('reminder')} label={t('alerts.RemindSwitch')} />
            {values.reminder && (
              <NumberField
                {...form.number('reminder_hours')}
                label={t('alerts.RemindEvery')}
                unit="h"
                step="any"
              />
            )}
            <SwitchField
              {...form.check('quiet')}
              label={t('alerts.QuietSwitch')}
              hint={t('alerts.QuietHint')}
            />
            {values.quiet && (
              <div className="row g-2">
                <div className="col-6">
                  <TextField {...form.text('quiet_from')} label={t('alerts.QuietFrom')} placeholder="22:00" />
                </div>
                <div className="col-6">
                  <TextField {...form.text('quiet_to')} label={t('alerts.QuietTo')} placeholder="07:00" />
                </div>
              </div>
            )}
          </FormCard>
          <FormCard title={t('alerts.Where')}>
            <TextAreaField
              {...form.text('channels')}
              label={t('alerts.ChannelUrls')}
              hint={t('alerts.ChannelUrlsHint')}
              rows={3}
            />
          </FormCard>
        </ConfigFormBody>
      )}
    </Section>
  );
}

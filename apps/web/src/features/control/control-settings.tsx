import type { ControlAnswer } from '@opendtu/api';
import { useCallback } from 'react';
import { getControl, saveControlSettings } from '../../api/control';
import { getInverterList } from '../../api/inverter';
import { NumberField, SwitchField } from '../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../components/form/form-layout';
import { useConfigForm, type ConfigForm } from '../../components/form/use-config-form';
import { MeterInputs } from '../../components/meter-inputs';
import { useI18n } from '../../i18n/i18n-provider';
import { ControlChoices } from './control-choices';
import { toBody, toForm, validateControlSettings, type ControlSettingsForm } from './control-settings-model';
import { Section } from '../../components/card';

const load = async (signal: AbortSignal): Promise<ControlSettingsForm> => {
  const [answer, list] = await Promise.all([getControl(signal), getInverterList({ signal })]);
  return toForm(answer, list);
};
const save = (form: ControlSettingsForm) => saveControlSettings(toBody(form));

/** The regulation's numbers, two to a row: field, label, hint, unit (seconds take fractions). */
const REGULATION = [
  ['target_w', 'control.Target', 'control.TargetHint', 'W'],
  ['band_w', 'control.Band', 'control.BandHint', 'W'],
  ['interval_s', 'control.Interval', undefined, 's'],
  ['poll_s', 'control.Poll', undefined, 's'],
] as const;

/**
 * The controller's settings for the admin to change, shown whether control runs or not:
 * zero export on or off, the meter, the regulation (and whether a load that switches on
 * and off is waited out), the inverters and the fallback, saved as a whole. The server
 * checks them again, says why it refuses, and puts a save in place at once (a running
 * controller gives the limits back first).
 */
export function ControlSettings({
  source,
  onSaved,
}: {
  source: ControlAnswer['source'];
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const validate = useCallback((form: ControlSettingsForm) => validateControlSettings(t, form), [t]);
  const form = useConfigForm<ControlSettingsForm>({ load, save, validate, onSaved });
  const values = form.values;
  const kind = values?.kind ?? 'shelly-pro-3em';
  const kindField = form.text('kind');
  return (
    <Section title={t('control.Settings')} data-control-settings="">
      <p>{t(source === 'saved' ? 'control.SourceSaved' : 'control.SourceOptions')}</p>
      {values && (
        <ConfigFormBody form={form}>
          <FormCard title={t('control.MeterCard')}>
            <SwitchField
              {...form.check('enabled')}
              label={t('control.Enabled')}
              hint={t(values.enabled ? 'control.EnabledOn' : 'control.EnabledOff')}
            />
            <MeterInputs
              kind={{ ...kindField, value: kind }}
              onKind={(value) => form.set('kind', value)}
              url={form.text('url')}
              path={form.text('path')}
            />
          </FormCard>
          <FormCard title={t('control.Regulation')}>
            <div className="row g-2">
              {REGULATION.map(([name, label, hint, unit]) => (
                <div key={name} className="col-sm-6">
                  <NumberField
                    {...form.number(name)}
                    label={t(label)}
                    hint={hint && t(hint)}
                    unit={unit}
                    step={unit === 's' ? 'any' : undefined}
                  />
                </div>
              ))}
            </div>
            <SwitchField
              {...form.check('wait_out_switching')}
              label={t('control.WaitOutSwitching')}
              hint={t('control.WaitOutSwitchingHint')}
            />
          </FormCard>
          <FormCard title={t('control.Inverters')}>
            <ControlChoices form={form} values={values} />
          </FormCard>
          <FormCard title={t('control.Fallback')}>
            <FallbackChoice form={form} values={values} />
          </FormCard>
        </ConfigFormBody>
      )}
    </Section>
  );
}

/** The limits from before, or a total shared by the inverters' rated power. */
function FallbackChoice({
  form,
  values,
}: {
  form: ConfigForm<ControlSettingsForm>;
  values: ControlSettingsForm;
}) {
  const { t } = useI18n();
  const { id } = form.check('fallback_before');
  const radio = (before: boolean, label: string) => (
    <div className="form-check">
      <input
        id={`${id}-${before}`}
        className="form-check-input"
        type="radio"
        name={id}
        checked={values.fallback_before === before}
        onChange={() => form.set('fallback_before', before)}
      />
      <label className="form-check-label" htmlFor={`${id}-${before}`}>
        {label}
      </label>
    </div>
  );
  return (
    <div role="radiogroup" aria-label={t('control.Fallback')} aria-describedby={`${id}-hint`}>
      <p id={`${id}-hint`} className="form-text mt-0">
        {t('control.FallbackHint')}
      </p>
      {radio(true, t('control.FallbackBefore'))}
      {radio(false, t('control.FallbackTotal'))}
      {!values.fallback_before && (
        <div className="mt-2 ms-md-4">
          <NumberField {...form.number('fallback_w')} label={t('control.FallbackW')} unit="W" />
        </div>
      )}
    </div>
  );
}

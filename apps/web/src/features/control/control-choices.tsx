import type { ConfigForm } from '../../components/form/use-config-form';
import { useI18n } from '../../i18n/i18n-provider';
import type { ControlSettingsForm } from './control-settings-model';

/**
 * Which inverters the controller limits: all (those added later too) or those checked. A
 * group named for screen readers, its message (none checked) tied to it.
 */
export function ControlChoices({
  form,
  values,
}: {
  form: ConfigForm<ControlSettingsForm>;
  values: ControlSettingsForm;
}) {
  const { t } = useI18n();
  const all = form.check('all');
  const error = form.error('serials');
  const messageId = `${all.id}-message`;
  const toggle = (serial: string, checked: boolean) =>
    form.set(
      'serials',
      checked ? [...values.serials, serial] : values.serials.filter((chosen) => chosen !== serial),
    );
  return (
    <div role="group" aria-label={t('control.Inverters')} aria-describedby={messageId}>
      <div className="form-check mb-2">
        <input
          id={all.id}
          className="form-check-input"
          type="checkbox"
          checked={all.value}
          onChange={(event) => all.onChange(event.target.checked)}
        />
        <label className="form-check-label" htmlFor={all.id}>
          {t('control.AllInverters')}
        </label>
      </div>
      {!values.all && (
        <div className="ms-md-4">
          {values.choices.map(({ serial, name }) => (
            <div key={serial} className="form-check" data-serial={serial}>
              <input
                id={`${all.id}-${serial}`}
                className={`form-check-input${error ? ' is-invalid' : ''}`}
                type="checkbox"
                checked={values.serials.includes(serial)}
                aria-invalid={error !== undefined}
                onChange={(event) => toggle(serial, event.target.checked)}
              />
              <label className="form-check-label text-break" htmlFor={`${all.id}-${serial}`}>
                {name === serial ? serial : `${name} (${serial})`}
              </label>
            </div>
          ))}
        </div>
      )}
      <div id={messageId} className={error ? 'invalid-feedback d-block' : 'form-text'} aria-live="polite">
        {error ?? t(values.all ? 'control.AllHint' : 'control.ChosenHint')}
      </div>
    </div>
  );
}

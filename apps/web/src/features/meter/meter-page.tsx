import type { MeterAnswer } from '@opendtu/api';
import { useCallback } from 'react';
import { getMeterSettings, saveMeterSettings } from '../../api/meter';
import { formatPower } from '../../components/energy-flow/flow-format';
import { useMeterReading } from '../../components/energy-flow/use-meter-reading';
import { SwitchField } from '../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../components/form/form-layout';
import { useConfigForm } from '../../components/form/use-config-form';
import { MeterInputs } from '../../components/meter-inputs';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { formatKwh } from '../../lib/energy';
import { toBody, toForm, validateMeterSettings, type MeterSettingsForm } from './meter-settings-model';

const load = async (signal: AbortSignal) => toForm(await getMeterSettings(signal));
const save = (form: MeterSettingsForm) => saveMeterSettings(toBody(form));

/**
 * The grid meter (companion build, issue 45): its reading now and where its energy comes
 * from, and the settings for the admin: which meter, or none. A save takes effect at once.
 */
export function MeterPage() {
  const { t } = useI18n();
  const reading = useMeterReading();
  const validate = useCallback((form: MeterSettingsForm) => validateMeterSettings(t, form), [t]);
  const form = useConfigForm<MeterSettingsForm>({ load, save, validate });
  const values = form.values;
  return (
    <PageFrame title={t('meter.GridMeter')} isLoading={!values}>
      <p>{t('meter.SettingsIntro')}</p>
      {reading && reading.state !== 'off' && <MeterNow answer={reading} />}
      {values && (
        <section aria-labelledby="meter-settings-title" data-meter-settings="">
          <h2 id="meter-settings-title" className="h4">
            {t('meter.Settings')}
          </h2>
          <p>{t(values.source === 'saved' ? 'meter.SourceSaved' : 'meter.SourceOptions')}</p>
          <ConfigFormBody form={form}>
            <FormCard title={t('meter.GridMeter')}>
              <SwitchField
                {...form.check('enabled')}
                label={t('meter.HasMeter')}
                hint={t('meter.HasMeterHint')}
              />
              {values.enabled && (
                <MeterInputs
                  kind={{ ...form.text('kind'), value: values.kind }}
                  onKind={(kind) => form.set('kind', kind)}
                  url={form.text('url')}
                  path={form.text('path')}
                />
              )}
              {values.control && (
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() =>
                    form.update({
                      enabled: true,
                      kind: values.control!.kind,
                      url: values.control!.url,
                      path: values.control!.path ?? '',
                    })
                  }
                >
                  {t('meter.UseControlMeter')}
                </button>
              )}
            </FormCard>
          </ConfigFormBody>
        </section>
      )}
    </PageFrame>
  );
}

/** The reading now, when it was taken, and where the energy comes from. */
function MeterNow({ answer }: { answer: MeterAnswer }) {
  const { t, locale } = useI18n();
  const rows: [string, string][] = [
    [
      t('meter.Reading'),
      answer.power_w === null
        ? answer.state === 'waiting'
          ? t('meter.NoReadingYet')
          : t('meter.NoReading', { time: answer.at?.slice(11, 16) ?? '–' })
        : answer.power_w > 0
          ? t('control.GridImport', { power: formatPower(locale, answer.power_w) })
          : answer.power_w < 0
            ? t('control.GridExport', { power: formatPower(locale, -answer.power_w) })
            : t('control.GridZero'),
    ],
    [t('meter.ReadAt'), answer.at ? answer.at.slice(11, 19) : '–'],
    [t('meter.EnergyFrom'), t(answer.energy_from === 'counters' ? 'meter.FromCounters' : 'meter.FromPower')],
  ];
  if (answer.today)
    rows.push([
      t('meter.Today'),
      t('meter.TodayFigures', {
        imported: formatKwh(locale, answer.today.imported_wh),
        exported: formatKwh(locale, answer.today.exported_wh),
      }),
    ]);
  return (
    <section className="card mb-4" aria-labelledby="meter-now-title" data-meter-now={answer.state}>
      <h2 className="card-header h6" id="meter-now-title">
        {t('meter.Now')}
      </h2>
      <div className="card-body">
        <dl className="row mb-0">
          {rows.map(([term, value]) => (
            <div className="col-sm-6 col-lg-3" key={term}>
              <dt className="small text-body-secondary fw-normal">{term}</dt>
              <dd className="fw-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        {answer.error && (
          <p className="text-danger-emphasis mb-0">{t('meter.MeterError', { error: answer.error })}</p>
        )}
        {answer.counter_error && (
          <p className="text-warning-emphasis mb-0">
            {t('meter.CounterError', { error: answer.counter_error })}
          </p>
        )}
      </div>
    </section>
  );
}

import { CMT_PA_LEVEL_MAX, CMT_PA_LEVEL_MIN, NRF_PA_LEVEL_DB, type DtuConfig } from '@opendtu/api';
import { useCallback } from 'react';
import { getDtuConfig, postDtuConfig } from '../../../api/dtu';
import { Alert } from '../../../components/api-alert';
import { NumberField, RangeField, SelectField, TextField } from '../../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../../components/form/form-layout';
import { useConfigForm } from '../../../components/form/use-config-form';
import { PageFrame } from '../../../components/page-frame';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatNumber } from '../../../lib/format';
import { dtuErrors, formatMhz, frequencyIsLegal, POLL_INTERVAL_MAX } from './dtu-rules';

const NRF_LEVEL_KEYS = ['dtuadmin.Min', 'dtuadmin.Low', 'dtuadmin.High', 'dtuadmin.Max'] as const;

// `country_def` describes the device's bands; it is read-only and stays at home.
const save = ({ country_def: _bands, ...config }: DtuConfig) => postDtuConfig(config);

/** DTU settings (spec §2 "Other settings"): serial, poll interval and the radios present. */
export function DtuSettingsPage() {
  const { t, locale } = useI18n();
  const validate = useCallback((values: DtuConfig) => dtuErrors(t, locale, values), [t, locale]);
  const form = useConfigForm<DtuConfig>({ load: getDtuConfig, save, validate });
  const values = form.values;
  const band = values?.country_def[values.cmt_country];
  const mhz = (hz: number) => formatNumber(locale, hz / 1e6, 3);

  return (
    <PageFrame title={t('dtuadmin.DtuSettings')} isLoading={form.isLoading}>
      {values && (
        <ConfigFormBody form={form} reloadLabel={t('base.Cancel')}>
          <FormCard title={t('dtuadmin.DtuConfiguration')}>
            <TextField
              {...form.text('serial')}
              label={t('dtuadmin.Serial')}
              hint={t('dtuadmin.SerialHint')}
              inputMode="numeric"
              maxLength={12}
              autoComplete="off"
              required
            />
            <NumberField
              {...form.number('pollinterval')}
              label={t('dtuadmin.PollInterval')}
              unit={t('mqttadmin.Seconds')}
              min={1}
              max={POLL_INTERVAL_MAX}
              required
            />
            {values.nrf_enabled && (
              <SelectField
                {...form.number('nrf_palevel')}
                label={t('dtuadmin.NrfPaLevel')}
                hint={t('dtuadmin.NrfPaLevelHint')}
                options={NRF_LEVEL_KEYS.map((key, level) => ({
                  value: level,
                  label: t(key, { db: NRF_PA_LEVEL_DB[level] }),
                }))}
              />
            )}
            {values.cmt_enabled && (
              <>
                <RangeField
                  {...form.number('cmt_palevel')}
                  label={t('dtuadmin.CmtPaLevel')}
                  hint={t('dtuadmin.CmtPaLevelHint')}
                  min={CMT_PA_LEVEL_MIN}
                  max={CMT_PA_LEVEL_MAX}
                  format={(dbm) => t('home.dBm', { dbm })}
                />
                <SelectField
                  {...form.number('cmt_country')}
                  label={t('dtuadmin.CmtCountry')}
                  hint={t('dtuadmin.CmtCountryHint')}
                  // A new region brings its usual frequency along (spec §4).
                  onChange={(country) =>
                    form.update({
                      cmt_country: country,
                      cmt_frequency: values.country_def[country]?.freq_default ?? values.cmt_frequency,
                    })
                  }
                  options={values.country_def.map((country, index) => ({
                    value: index,
                    label: t(`dtuadmin.country_${index}`, {
                      min: mhz(country.freq_min),
                      max: mhz(country.freq_max),
                    }),
                  }))}
                />
                {band && (
                  <RangeField
                    {...form.number('cmt_frequency')}
                    label={t('dtuadmin.CmtFrequency')}
                    hint={t('dtuadmin.CmtFrequencyHint')}
                    min={band.freq_min}
                    max={band.freq_max}
                    step={values.cmt_chan_width}
                    format={(hz) => formatMhz(t, locale, hz)}
                  />
                )}
                {band && !frequencyIsLegal(values.cmt_frequency, band) && (
                  <Alert variant="warning">
                    {t('dtuadmin.FrequencyOutsideLegal', {
                      min: mhz(band.freq_legal_min),
                      max: mhz(band.freq_legal_max),
                    })}
                  </Alert>
                )}
              </>
            )}
          </FormCard>
        </ConfigFormBody>
      )}
    </PageFrame>
  );
}

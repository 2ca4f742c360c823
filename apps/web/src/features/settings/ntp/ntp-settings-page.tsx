import { SunsetType, type NtpConfig } from '@opendtu/api';
import { useCallback, useMemo, useState } from 'react';
import { getNtpConfig, getZones, postNtpConfig } from '../../../api/ntp';
import { useApiData } from '../../../api/use-api-data';
import { NumberField, SelectField, TextField } from '../../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../../components/form/form-layout';
import { useConfigForm, type FormErrors } from '../../../components/form/use-config-form';
import { PageFrame } from '../../../components/page-frame';
import { useI18n } from '../../../i18n/i18n-provider';
import { firstError, lengthBetween, numberBetween } from '../../../lib/validate';
import { LocationButton } from './location-button';
import { NtpTimeCard } from './ntp-time-card';
import { TimezoneField } from './timezone-field';

const loadZones = () => getZones();

/**
 * NTP settings (spec "Other settings", contract §3.5-3.8): server, zone, location, clock.
 * The zone is chosen by name; its POSIX rule comes from the zone list and is sent along
 * (firmware before v26.3.28 needs it, later firmware resolves the name itself).
 */
export function NtpSettingsPage() {
  const { t } = useI18n();
  const { data: zoneList } = useApiData(loadZones);
  // The stored zone stays a choice when the list lacks it (only firmware that still
  // reports its rule can keep such a zone).
  const [stored, setStored] = useState<[string, string | undefined]>();
  const load = useCallback(async () => {
    const config = await getNtpConfig();
    setStored([config.ntp_timezone_descr, config.ntp_timezone]);
    return config;
  }, []);
  const zones = useMemo(
    () =>
      stored?.[1] && !zoneList?.[stored[0]] ? { ...zoneList, [stored[0]]: stored[1] } : (zoneList ?? {}),
    [zoneList, stored],
  );
  const save = useCallback(
    (values: NtpConfig) => postNtpConfig({ ...values, ntp_timezone: zones[values.ntp_timezone_descr] }),
    [zones],
  );

  const validate = useCallback(
    (values: NtpConfig): FormErrors<NtpConfig> => ({
      ntp_server: lengthBetween(t, values.ntp_server, 1, 32, true),
      ntp_timezone_descr: firstError(
        lengthBetween(t, values.ntp_timezone_descr, 1, 50, true),
        zones[values.ntp_timezone_descr] === undefined ? t('ntpadmin.ChooseTimezone') : undefined,
        lengthBetween(t, zones[values.ntp_timezone_descr] ?? '', 1, 32, true),
      ),
      latitude: numberBetween(t, values.latitude, -90, 90, true),
      longitude: numberBetween(t, values.longitude, -180, 180, true),
    }),
    [t, zones],
  );
  const form = useConfigForm<NtpConfig>({ load, save, validate });
  const values = form.values;

  const sunsetTypes = [
    { value: SunsetType.Official, label: t('ntpadmin.OFFICIAL') },
    { value: SunsetType.Nautical, label: t('ntpadmin.NAUTICAL') },
    { value: SunsetType.Civil, label: t('ntpadmin.CIVIL') },
    { value: SunsetType.Astronomical, label: t('ntpadmin.ASTONOMICAL') },
  ];

  return (
    <PageFrame title={t('ntpadmin.NtpSettings')} isLoading={form.isLoading}>
      {values && (
        <ConfigFormBody form={form}>
          <FormCard title={t('ntpadmin.NtpConfiguration')}>
            <TextField
              {...form.text('ntp_server')}
              label={t('ntpadmin.TimeServer')}
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
            />
            <TimezoneField
              {...form.text('ntp_timezone_descr')}
              error={form.error('ntp_timezone_descr')}
              posix={zones[values.ntp_timezone_descr] ?? ''}
              zones={zones}
              onChange={(name) => form.set('ntp_timezone_descr', name)}
            />
          </FormCard>
          <FormCard title={t('ntpadmin.LocationConfiguration')}>
            <div className="row">
              <div className="col-sm-6">
                <NumberField
                  {...form.number('latitude')}
                  label={t('ntpadmin.Latitude')}
                  step="any"
                  min={-90}
                  max={90}
                  unit="°"
                />
              </div>
              <div className="col-sm-6">
                <NumberField
                  {...form.number('longitude')}
                  label={t('ntpadmin.Longitude')}
                  step="any"
                  min={-180}
                  max={180}
                  unit="°"
                />
              </div>
            </div>
            <LocationButton onLocation={(latitude, longitude) => form.update({ latitude, longitude })} />
            <SelectField
              {...form.number('sunsettype')}
              label={t('ntpadmin.SunSetType')}
              hint={t('ntpadmin.SunSetTypeHint')}
              options={sunsetTypes}
            />
          </FormCard>
        </ConfigFormBody>
      )}
      {values && <NtpTimeCard />}
    </PageFrame>
  );
}

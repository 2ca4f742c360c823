import type { ApiResponse, NtpTimeRequest } from '@opendtu/api';
import { useCallback, useState } from 'react';
import { getNtpTime, postNtpTime } from '../../../api/ntp';
import { useApiData } from '../../../api/use-api-data';
import { ApiAlert } from '../../../components/api-alert';
import { NumberField } from '../../../components/form/controls';
import { ConfigFormBody, FormCard } from '../../../components/form/form-layout';
import { useConfigForm, type FormErrors } from '../../../components/form/use-config-form';
import { useI18n } from '../../../i18n/i18n-provider';
import { formatDateTime } from '../../../lib/format';
import { numberBetween } from '../../../lib/validate';
import { useNow } from '../../../components/use-now';

/** The device's time, with when it was read, so it can tick on locally. */
const loadDeviceTime = async () => ({ ...(await getNtpTime()), readAt: Date.now() });

/** The browser's local time as the device takes it. */
async function browserTime(): Promise<NtpTimeRequest> {
  const now = new Date();
  return {
    year: now.getFullYear(),
    month: now.getMonth() + 1,
    day: now.getDate(),
    hour: now.getHours(),
    minute: now.getMinutes(),
    second: now.getSeconds(),
  };
}

const PARTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
const LABELS: Record<keyof NtpTimeRequest, string> = {
  year: 'ntpadmin.Year',
  month: 'ntpadmin.Month',
  day: 'ntpadmin.Day',
  hour: 'ntpadmin.Hour',
  minute: 'ntpadmin.Minute',
  second: 'ntpadmin.Second',
};

/** The device's bounds (contract §3.8), and a day that exists in the chosen month. */
function bounds(values: NtpTimeRequest): Record<keyof NtpTimeRequest, [number, number]> {
  const days = new Date(Date.UTC(values.year, values.month, 0)).getUTCDate();
  return {
    year: [2022, 2100],
    month: [1, 12],
    day: [1, Number.isFinite(days) ? days : 31],
    hour: [0, 23],
    minute: [0, 59],
    second: [0, 59],
  };
}

/** Both clocks ticking each second, and setting the device's clock by hand. */
export function NtpTimeCard() {
  const { t, tm, locale } = useI18n();
  const now = useNow();
  const { data: device, reload: reloadDevice } = useApiData(loadDeviceTime);
  const [syncAnswer, setSyncAnswer] = useState<ApiResponse>();

  const validate = useCallback(
    (values: NtpTimeRequest): FormErrors<NtpTimeRequest> => {
      const limits = bounds(values);
      return Object.fromEntries(PARTS.map((part) => [part, numberBetween(t, values[part], ...limits[part])]));
    },
    [t],
  );
  const form = useConfigForm<NtpTimeRequest>({
    load: browserTime,
    save: postNtpTime,
    validate,
    onSaved: reloadDevice,
  });

  // The device sends its local wall-clock time; shown as such, whatever the browser's zone.
  const deviceText = device
    ? formatDateTime(
        locale,
        Date.UTC(device.year, device.month - 1, device.day, device.hour, device.minute, device.second) +
          (now - device.readAt),
        'UTC',
      )
    : '…';

  const limits = form.values && bounds(form.values);

  const synchronize = (): void => {
    setSyncAnswer(undefined);
    void browserTime()
      .then(postNtpTime)
      .then(
        (answer) => {
          setSyncAnswer(answer);
          reloadDevice();
        },
        // The client already shows the login or the Error screen.
        () => undefined,
      );
  };

  return (
    <FormCard title={t('ntpadmin.ManualTimeSynchronization')}>
      <dl className="row mb-2">
        <dt className="col-sm-5">{t('ntpadmin.CurrentOpenDtuTime')}</dt>
        <dd className="col-sm-7 font-monospace" data-testid="device-clock">
          {deviceText}
        </dd>
        <dt className="col-sm-5">{t('ntpadmin.CurrentLocalTime')}</dt>
        <dd className="col-sm-7 font-monospace" data-testid="browser-clock">
          {formatDateTime(locale, new Date(now))}
        </dd>
      </dl>
      {syncAnswer && <ApiAlert response={syncAnswer} onClose={() => setSyncAnswer(undefined)} />}
      <button type="button" className="btn btn-primary mb-2" onClick={synchronize}>
        {t('ntpadmin.SynchronizeTime')}
      </button>
      <p className="form-text">{tm('ntpadmin.SynchronizeTimeHint')}</p>
      {limits && (
        <ConfigFormBody
          form={form}
          reloadLabel={t('ntpadmin.TakeBrowserTime')}
          saveLabel={t('ntpadmin.SetTime')}
        >
          <h3 className="h6">{t('ntpadmin.EnterTime')}</h3>
          <div className="row g-2">
            {PARTS.map((part) => (
              <div key={part} className="col-4 col-md-2">
                <NumberField
                  {...form.number(part)}
                  label={t(LABELS[part])}
                  min={limits[part][0]}
                  max={limits[part][1]}
                />
              </div>
            ))}
          </div>
        </ConfigFormBody>
      )}
    </FormCard>
  );
}

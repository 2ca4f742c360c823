import { useCallback } from 'react';
import { getNtpStatus } from '../../api/ntp';
import { useApiData } from '../../api/use-api-data';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { InfoCard, InfoRow, StateBadge } from './info-card';

/** Time sync settings in force, the device's clock and its sun times (contract §3.4). */
export function NtpInfoPage() {
  const { t } = useI18n();
  const load = useCallback((signal: AbortSignal) => getNtpStatus({ signal }), []);
  const { data: status, isLoading, reload } = useApiData(load);
  const sunTime = (time: string) => (status?.sun_isSunsetAvailable ? time : t('ntpinfo.NotAvailable'));
  return (
    <PageFrame title={t('ntpinfo.NtpInformation')} isLoading={isLoading && !status} onReload={reload}>
      {status && (
        <>
          <InfoCard title={t('ntpinfo.ConfigurationSummary')}>
            <InfoRow label={t('ntpinfo.Server')}>{status.ntp_server}</InfoRow>
            <InfoRow label={t('ntpinfo.Timezone')}>
              <code>{status.ntp_timezone}</code>
            </InfoRow>
            <InfoRow label={t('ntpinfo.TimezoneDescription')}>{status.ntp_timezone_descr}</InfoRow>
          </InfoCard>
          <InfoCard title={t('ntpinfo.CurrentTime')}>
            <InfoRow label={t('ntpinfo.Status')}>
              <StateBadge
                on={status.ntp_status}
                onText={t('ntpinfo.Synced')}
                offText={t('ntpinfo.NotSynced')}
              />
            </InfoRow>
            <InfoRow label={t('ntpinfo.LocalTime')}>{status.ntp_localtime}</InfoRow>
            <InfoRow label={t('ntpinfo.Sunrise')}>{sunTime(status.sun_risetime)}</InfoRow>
            <InfoRow label={t('ntpinfo.Sunset')}>{sunTime(status.sun_settime)}</InfoRow>
            <InfoRow label={t('ntpinfo.Mode')}>
              {status.sun_isDayPeriod ? t('ntpinfo.Day') : t('ntpinfo.Night')}
            </InfoRow>
          </InfoCard>
        </>
      )}
    </PageFrame>
  );
}

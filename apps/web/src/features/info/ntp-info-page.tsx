import { getNtpStatus } from '../../api/ntp';
import { useI18n } from '../../i18n/i18n-provider';
import { InfoCard, InfoPage, StateBadge } from './info-card';

const load = (signal: AbortSignal) => getNtpStatus({ signal });

/** Time sync settings in force, the device's clock and its sun times (contract §3.4). */
export function NtpInfoPage() {
  const { t } = useI18n();
  return (
    <InfoPage title={t('ntpinfo.NtpInformation')} load={load}>
      {(status) => {
        const sunTime = (time: string) => (status.sun_isSunsetAvailable ? time : t('ntpinfo.NotAvailable'));
        return (
          <>
            <InfoCard
              title={t('ntpinfo.ConfigurationSummary')}
              facts={[
                ['ntpadmin.TimeServer', status.ntp_server],
                ['ntpinfo.Timezone', <code>{status.ntp_timezone}</code>],
                ['ntpadmin.Timezone', status.ntp_timezone_descr],
              ]}
            />
            <InfoCard
              title={t('ntpinfo.CurrentTime')}
              facts={[
                [
                  'ntpinfo.Status',
                  <StateBadge
                    on={status.ntp_status}
                    onText={t('ntpinfo.Synced')}
                    offText={t('ntpinfo.NotSynced')}
                  />,
                ],
                ['ntpinfo.LocalTime', status.ntp_localtime],
                ['ntpinfo.Sunrise', sunTime(status.sun_risetime)],
                ['ntpinfo.Sunset', sunTime(status.sun_settime)],
                ['ntpinfo.Mode', status.sun_isDayPeriod ? t('ntpinfo.Day') : t('ntpinfo.Night')],
              ]}
            />
          </>
        );
      }}
    </InfoPage>
  );
}

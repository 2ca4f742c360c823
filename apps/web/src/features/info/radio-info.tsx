import type { SystemStatus } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { InfoCard, StateBadge, type InfoFact } from './info-card';

/** Each radio module: wired up in the pin mapping, answering, and which chip it is. */
export function RadioInfo({ status }: { status: SystemStatus }) {
  const { t } = useI18n();
  const radio = (module: string, configured: boolean, connected: boolean, chip: string): InfoFact[] => [
    [
      'radioinfo.Status',
      <StateBadge
        on={configured}
        onText={t('radioinfo.Configured')}
        offText={t('radioinfo.NotConfigured')}
      />,
      { module },
    ],
    [
      'radioinfo.ChipStatus',
      configured ? (
        <StateBadge on={connected} onText={t('radioinfo.Connected')} offText={t('radioinfo.NotConnected')} />
      ) : (
        <span className="badge text-bg-secondary">{t('radioinfo.NotConfigured')}</span>
      ),
      { module },
    ],
    ['radioinfo.ChipType', connected ? chip : t('radioinfo.Unknown'), { module }],
  ];
  return (
    <InfoCard
      title={t('radioinfo.RadioInformation')}
      facts={[
        ...radio(
          'NRF24',
          status.nrf_configured,
          status.nrf_connected,
          status.nrf_pvariant ? 'nRF24L01+' : 'nRF24L01',
        ),
        ...radio('CMT2300A', status.cmt_configured, status.cmt_connected, 'CMT2300A'),
      ]}
    />
  );
}

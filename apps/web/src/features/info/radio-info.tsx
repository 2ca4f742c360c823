import type { SystemStatus } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { InfoCard, InfoRow, StateBadge } from './info-card';

interface Radio {
  module: string;
  configured: boolean;
  connected: boolean;
  /** The chip as it answered; undefined when it did not. */
  chip: string | undefined;
}

function radios(status: SystemStatus): Radio[] {
  return [
    {
      module: 'NRF24',
      configured: status.nrf_configured,
      connected: status.nrf_connected,
      chip: status.nrf_connected ? (status.nrf_pvariant ? 'nRF24L01+' : 'nRF24L01') : undefined,
    },
    {
      module: 'CMT2300A',
      configured: status.cmt_configured,
      connected: status.cmt_connected,
      chip: status.cmt_connected ? 'CMT2300A' : undefined,
    },
  ];
}

/** Each radio module: wired up in the pin mapping, answering, and which chip it is. */
export function RadioInfo({ status }: { status: SystemStatus }) {
  const { t } = useI18n();
  return (
    <InfoCard title={t('radioinfo.RadioInformation')}>
      {radios(status).map(({ module, configured, connected, chip }) => (
        <RadioRows key={module} module={module} configured={configured} connected={connected} chip={chip} />
      ))}
    </InfoCard>
  );
}

function RadioRows({ module, configured, connected, chip }: Radio) {
  const { t } = useI18n();
  return (
    <>
      <InfoRow label={t('radioinfo.Status', { module })}>
        <StateBadge
          on={configured}
          onText={t('radioinfo.Configured')}
          offText={t('radioinfo.NotConfigured')}
        />
      </InfoRow>
      <InfoRow label={t('radioinfo.ChipStatus', { module })}>
        {configured ? (
          <StateBadge
            on={connected}
            onText={t('radioinfo.Connected')}
            offText={t('radioinfo.NotConnected')}
          />
        ) : (
          <span className="badge text-bg-secondary">{t('radioinfo.NotConfigured')}</span>
        )}
      </InfoRow>
      <InfoRow label={t('radioinfo.ChipType', { module })}>{chip ?? t('radioinfo.Unknown')}</InfoRow>
    </>
  );
}

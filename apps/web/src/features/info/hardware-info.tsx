import type { SystemStatus } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatBytes, formatCelsius } from '../../lib/format';
import { InfoCard, InfoRow } from './info-card';

export function HardwareInfo({ status }: { status: SystemStatus }) {
  const { t, locale } = useI18n();
  return (
    <InfoCard title={t('hardwareinfo.HardwareInformation')}>
      <InfoRow label={t('hardwareinfo.ChipModel')}>{status.chipmodel}</InfoRow>
      <InfoRow label={t('hardwareinfo.ChipRevision')}>{status.chiprevision}</InfoRow>
      <InfoRow label={t('hardwareinfo.ChipCores')}>{status.chipcores}</InfoRow>
      <InfoRow label={t('hardwareinfo.CpuFrequency')}>
        {status.cpufreq} {t('hardwareinfo.Mhz')}
      </InfoRow>
      <InfoRow label={t('hardwareinfo.CpuTemperature')}>
        {status.cputemp === null ? t('hardwareinfo.NotAvailable') : formatCelsius(locale, status.cputemp)}
      </InfoRow>
      <InfoRow label={t('hardwareinfo.FlashSize')}>
        {formatBytes(locale, status.flashsize, 'kilobyte')} (
        {formatBytes(locale, status.flashsize, 'megabyte', 2)})
      </InfoRow>
    </InfoCard>
  );
}

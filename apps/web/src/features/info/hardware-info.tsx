import type { SystemStatus } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatBytes, formatCelsius } from '../../lib/format';
import { InfoCard } from './info-card';

export function HardwareInfo({ status }: { status: SystemStatus }) {
  const { t, locale } = useI18n();
  const flash = status.flashsize;
  return (
    <InfoCard
      title={t('hardwareinfo.HardwareInformation')}
      facts={[
        ['hardwareinfo.ChipModel', status.chipmodel],
        ['hardwareinfo.ChipRevision', status.chiprevision],
        ['hardwareinfo.ChipCores', status.chipcores],
        ['hardwareinfo.CpuFrequency', `${status.cpufreq} ${t('hardwareinfo.Mhz')}`],
        [
          'hardwareinfo.CpuTemperature',
          status.cputemp == null ? t('hardwareinfo.NotAvailable') : formatCelsius(locale, status.cputemp),
        ],
        flash !== undefined && [
          'hardwareinfo.FlashSize',
          `${formatBytes(locale, flash, 'kilobyte')} (${formatBytes(locale, flash, 'megabyte', 2)})`,
        ],
      ]}
    />
  );
}

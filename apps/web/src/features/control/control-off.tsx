import { OffCard } from '../../components/off-card';
import { useI18n } from '../../i18n/i18n-provider';

/** Zero export is off: what it does, and that the settings below turn it on. */
export function ControlOff() {
  const { t } = useI18n();
  return (
    <OffCard
      title={t('control.Off')}
      what={t('control.OffWhat')}
      how={t('control.OffHow')}
      data-control-off=""
    />
  );
}

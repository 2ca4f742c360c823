import { OffCard } from '../../components/off-card';
import { useI18n } from '../../i18n/i18n-provider';

/** Modbus is off: what it does and how to turn it on (an option of the server, not a setting here). */
export function ModbusOff() {
  const { t } = useI18n();
  return (
    <OffCard
      title={t('modbus.Off')}
      what={t('modbus.OffWhat')}
      how={
        <>
          {t('modbus.OffHow')} <code>--modbus 1502</code>, <code>--modbus-write on</code>
        </>
      }
      data-modbus-off=""
    />
  );
}

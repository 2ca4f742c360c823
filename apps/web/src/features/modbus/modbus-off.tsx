import { useI18n } from '../../i18n/i18n-provider';

/** Modbus is off: what it does and how to turn it on (an option of the server, not a setting here). */
export function ModbusOff() {
  const { t } = useI18n();
  return (
    <section className="card mb-3" aria-labelledby="modbus-off-title" data-modbus-off="">
      <div className="card-body">
        <h2 className="h5 card-title" id="modbus-off-title">
          {t('modbus.Off')}
        </h2>
        <p>{t('modbus.OffWhat')}</p>
        <p className="mb-0">
          {t('modbus.OffHow')} <code>--modbus 1502</code>, <code>--modbus-write on</code>
        </p>
      </div>
    </section>
  );
}

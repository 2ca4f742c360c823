import type { ModbusPhase } from '@opendtu/api';
import { useEffect, useState } from 'react';
import { getModbus, setModbusPhase } from '../../api/modbus';
import { useApiData } from '../../api/use-api-data';
import { Alert } from '../../components/api-alert';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { ModbusOff } from './modbus-off';
import { ModbusUnits } from './modbus-units';

/** Power and states change with every frame; the map is asked again this often. */
const POLL_MS = 5000;

/**
 * The companion's SunSpec Modbus server (companion build only): where clients connect,
 * whether they may write limits, and the unit-id map: the plant at 126, each inverter at its
 * own, with what a client reads there now. The owner sets the phase each single-phase
 * inverter feeds (the plant's phase values follow it).
 */
export function ModbusPage() {
  const { t, tc } = useI18n();
  const { data, reload } = useApiData(getModbus);
  const [failed, setFailed] = useState<string>();
  const [busy, setBusy] = useState<string>();
  useEffect(() => {
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const changePhase = (serial: string, phase: ModbusPhase) => {
    setBusy(serial);
    setFailed(undefined);
    setModbusPhase(serial, phase)
      .then(reload, (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(undefined));
  };

  return (
    <PageFrame title={t('modbus.Title')} isLoading={data === undefined} onReload={reload}>
      {data &&
        (data.enabled ? (
          <>
            <section className="card mb-3" aria-labelledby="modbus-server-title" data-modbus-server="">
              <div className="card-body">
                <h2 className="h5 card-title" id="modbus-server-title">
                  {t('modbus.Serving', { listen: data.listen ?? '' })}
                </h2>
                <p className="mb-1">{tc('modbus.Clients', data.clients)}</p>
                <p className="mb-0">{data.writes ? t('modbus.WritesOn') : t('modbus.WritesOff')}</p>
              </div>
            </section>
            {failed && (
              <Alert variant="danger" onClose={() => setFailed(undefined)}>
                {t('modbus.PhaseFailed', { message: failed })}
              </Alert>
            )}
            <ModbusUnits answer={data} busy={busy} onPhase={changePhase} />
          </>
        ) : (
          <ModbusOff />
        ))}
    </PageFrame>
  );
}

// The companion server's SunSpec Modbus TCP server (apps/companion/src/modbus, issue 44):
// its unit-id map with what each unit shows, and the phase a single-phase inverter feeds.
// Admin only; only the companion build calls it.
import type { ModbusAnswer, ModbusPhase, ModbusPhaseRequest } from '@opendtu/api';
import { apiGet, apiPostJson } from './client';

const MODBUS = 'companion/api/modbus';

export const getModbus = (signal?: AbortSignal): Promise<ModbusAnswer> =>
  apiGet<ModbusAnswer>(MODBUS, { signal });

/** Sets the phase; answers the map as it is then. */
export const setModbusPhase = (serial: string, phase: ModbusPhase): Promise<ModbusAnswer> =>
  apiPostJson<ModbusAnswer>(`${MODBUS}/phase`, { serial, phase } satisfies ModbusPhaseRequest, {
    handleErrors: 'login',
  });

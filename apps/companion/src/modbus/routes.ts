/**
 * GET /companion/api/modbus (ModbusAnswer): the unit-id map and what each unit shows; POST
 * /companion/api/modbus/phase (ModbusPhaseRequest): the phase a single-phase inverter feeds.
 * Both for the device's admin, as every answer that names inverters. Registered while
 * Modbus is off too: the answer then says so, and the app tells how to turn it on.
 */
import type { CompanionError, ModbusAnswer, ModbusPhase, ModbusPhaseRequest } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import type { DeviceAccess } from '../device/access';
import { admitted } from '../ops/admin-only';
import { BASE_ADDRESS } from './sunspec/image';

/** What the routes ask of the Modbus part (modbus.ts). */
export interface ModbusMap {
  answer(): ModbusAnswer;
  /** A string says what is wrong. */
  setPhase(serial: string, phase: ModbusPhase): Promise<string | undefined>;
}

const OFF: ModbusAnswer = {
  enabled: false,
  listen: null,
  writes: false,
  clients: 0,
  base_address: BASE_ADDRESS,
  units: [],
};

export function registerModbusRoutes(
  app: FastifyInstance,
  { feature, access }: { feature: () => ModbusMap | undefined; access: DeviceAccess },
): void {
  app.get('/companion/api/modbus', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    return feature()?.answer() ?? OFF;
  });

  app.post('/companion/api/modbus/phase', async (request, reply) => {
    if (!(await admitted(access, request, reply))) return reply;
    const body = request.body as Partial<ModbusPhaseRequest> | null;
    const modbus = feature();
    const problem = !modbus
      ? 'Modbus is off (start the companion with --modbus)'
      : typeof body?.serial !== 'string' || !['L1', 'L2', 'L3'].includes(body.phase as string)
        ? 'give serial and phase (L1, L2 or L3)'
        : await modbus.setPhase(body.serial, body.phase!);
    if (problem) return reply.code(400).send({ message: problem } satisfies CompanionError);
    return modbus!.answer();
  });
}

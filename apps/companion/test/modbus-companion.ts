// The companion as the Modbus tests start it: in front of a virtual DTU, the owner's password
// set, its SunSpec server on a port of its own; and its Modbus map as the app's page reads it.
import type { ModbusAnswer } from '@opendtu/api';
import { ADMIN_AUTH, call, freePort, startCompanion, until } from './helpers';
import type { TestCompanion } from './helpers';

export type CompanionOptions = NonNullable<Parameters<typeof startCompanion>[1]>;

export interface ModbusCompanion extends TestCompanion {
  /** The SunSpec server's port on 127.0.0.1. */
  port: number;
  /** GET /companion/api/modbus: the units, their values and the clients. */
  map: () => Promise<ModbusAnswer>;
}

/** Writes from clients on or off; `port` kept across a restart (a free one when not given). */
export async function startModbusCompanion(
  deviceUrl: URL,
  { write, port, ...options }: CompanionOptions & { write: boolean; port?: number },
): Promise<ModbusCompanion> {
  const listen = port ?? (await freePort());
  const companion = await startCompanion(deviceUrl, {
    password: 'openDTU42',
    modbus: { host: '127.0.0.1', port: listen, write },
    ...options,
  });
  const map = async () =>
    (await call(`${companion.url}/companion/api/modbus`, { auth: ADMIN_AUTH })).body as ModbusAnswer;
  return { ...companion, port: listen, map };
}

/** Waits until `count` units (the plant's among them) tell their rated power. */
export function untilRated(companion: ModbusCompanion, count: number): Promise<void> {
  return until(
    async () => (await companion.map()).units.filter((unit) => unit.rated_w).length === count,
    30_000,
    'every unit with its rating',
  );
}

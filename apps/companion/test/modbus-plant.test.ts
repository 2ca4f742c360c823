/**
 * Modbus over several DTUs (issue 44): the companion started as a user starts it (its
 * executable, two named devices, `--modbus`), each device a virtual DTU of its own at noon.
 * The plant at unit 126 is every inverter of both; each inverter has a unit of its own,
 * whichever device holds it; each device's app shows the one map.
 */
import { rm } from 'node:fs/promises';
import type { LimitStatusMap, ModbusAnswer } from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, call, freePort, launchCompanion, startDevice, tempDir, until } from './helpers';
import type { CompanionProcess, TestDevice } from './helpers';
import { sunspec, type GxWalk } from './modbus-clients';

describe('Modbus over a plant of two DTUs', () => {
  let roof: TestDevice;
  let barn: TestDevice;
  let companion: CompanionProcess;
  let dataDir: string;
  let port: number;
  const map = async (device: string): Promise<ModbusAnswer> =>
    (await call(`${companion.url}/dtu/${device}/companion/api/modbus`, { auth: ADMIN_AUTH }))
      .body as ModbusAnswer;

  beforeAll(async () => {
    const noon = '2026-06-02T12:00';
    [roof, barn] = await Promise.all([startDevice(noon), startDevice(noon, ['--inverters', '2'])]);
    dataDir = await tempDir('modbus-plant');
    port = await freePort();
    companion = await launchCompanion([
      ...['--device', `roof=${roof.url.href}`, '--device', `barn=${barn.url.href}`],
      ...['--password', 'openDTU42', '--data', dataDir, '--modbus', `127.0.0.1:${port}`],
    ]);
    await until(
      async () => (await map('roof')).units.filter((unit) => unit.rated_w).length === 6,
      40_000,
      'five inverters and the plant with their ratings',
    );
  }, 90_000);

  afterAll(async () => {
    await companion?.stop();
    await Promise.all([roof?.remove(), barn?.remove()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows every inverter of both at a unit of its own and the plant as their sum', async () => {
    const answer = await map('barn');
    expect(await map('roof')).toMatchObject({ enabled: true, listen: `127.0.0.1:${port}` });
    const inverters = answer.units.filter((unit) => unit.kind === 'inverter');
    expect(inverters.map((unit) => [unit.unit, unit.device])).toEqual([
      [1, 'roof'],
      [2, 'roof'],
      [3, 'roof'],
      [4, 'barn'],
      [5, 'barn'],
    ]);
    const ratings = [
      ...Object.values((await call(`${roof.url.href}api/limit/status`)).body as LimitStatusMap),
      ...Object.values((await call(`${barn.url.href}api/limit/status`)).body as LimitStatusMap),
    ].map((entry) => entry.max_power);
    const plant = await sunspec<GxWalk>(port, 126, 'gx');
    expect(plant.WRtg).toBe(ratings.reduce((sum, watts) => sum + watts, 0));
    for (const unit of inverters) {
      const walk = await sunspec<GxWalk>(port, unit.unit, 'gx');
      expect([walk.common.SN, walk.common.DA]).toEqual([unit.serial, unit.unit]);
    }
    // The plant's power is what both devices report together, as they report it.
    await until(
      async () => {
        const [walk, a, b] = await Promise.all([
          sunspec<GxWalk>(port, 126, 'evcc'),
          call(`${roof.url.href}api/livedata/status`),
          call(`${barn.url.href}api/livedata/status`),
        ]);
        const power = (body: unknown) => (body as { total: { Power: { v: number } } }).total.Power.v;
        return walk.inverter.W === Math.round(power(a.body) + power(b.body));
      },
      20_000,
      'the plant power equal to both devices together',
    );
  });
});

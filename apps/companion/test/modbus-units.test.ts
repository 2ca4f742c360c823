/**
 * Modbus unit ids and energy over time (issue 44): a unit stays with its inverter's serial
 * when inverters are reordered, deleted, added and the companion restarts; the energy a
 * client reads never falls, through a DTU that is away and a companion that restarts while
 * it is. Independent clients (pymodbus, mbpoll) read; the virtual DTU runs at noon of its own
 * clock.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, call, freePort, postData, startDevice, tempDir, until } from './helpers';
import type { TestDevice } from './helpers';
import { mbpoll, sunspec, type GxWalk } from './modbus-clients';
import { startModbusCompanion, type ModbusCompanion } from './modbus-companion';

const GARAGE = '114181234569';
const HOUSE = '116491234568';
const BARN = '138291234567';
const SHED = '114172220001';

describe('unit ids and energy that stay', () => {
  let device: TestDevice;
  let companion: ModbusCompanion;
  let dataDir: string;
  let port: number;
  const units = async () =>
    Object.fromEntries(
      (await companion.map()).units.filter((unit) => unit.serial).map((unit) => [unit.serial!, unit]),
    );
  const start = async () => {
    companion = await startModbusCompanion(device.url, { dataDir, port, write: false });
  };
  /** W, WH and St of a unit's inverter model, as mbpoll reads them (W_SF 0: W as is). */
  const poll = async (unit: number) => {
    const { registers, failure } = await mbpoll(port, unit, 40070, { count: 52 });
    const at = (offset: number) => registers.get(40070 + offset)!;
    return { failure, W: at(14), WH: at(24) * 0x10000 + at(25), St: at(38) };
  };

  beforeAll(async () => {
    device = await startDevice('2026-06-02T12:00');
    dataDir = await tempDir('modbus');
    port = await freePort();
    await start();
    await until(
      async () => Object.values(await units()).filter((unit) => unit.energy_wh).length === 3,
      30_000,
      'three inverters with their energy',
    );
  }, 60_000);

  afterAll(async () => {
    await companion?.close();
    await device?.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps each unit with its serial through reordering, deleting, adding and a restart', async () => {
    expect(Object.values(await units()).map((unit) => [unit.serial, unit.unit])).toEqual([
      [GARAGE, 1],
      [HOUSE, 2],
      [BARN, 3],
    ]);
    // The owner sets the house inverter on L3; it is kept with its unit.
    const phase = await call(`${companion.url}/companion/api/modbus/phase`, {
      method: 'POST',
      auth: ADMIN_AUTH,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serial: HOUSE, phase: 'L3' }),
    });
    expect(phase.status).toBe(200);
    await companion.close();
    // On the DTU: the order reversed, the garage inverter deleted, a new one added (it takes
    // the first free slot, the garage's).
    const dtu = device.url.href;
    expect((await postData(`${dtu}api/inverter/order`, { order: ['2', '1', '0'] })).status).toBe(200);
    expect((await postData(`${dtu}api/inverter/del`, { id: 0 })).status).toBe(200);
    expect((await postData(`${dtu}api/inverter/add`, { serial: SHED, name: 'Shed HM-600' })).status).toBe(
      200,
    );
    await start();
    await until(async () => (await units())[SHED]?.present === true, 30_000, 'the new inverter in the map');
    const after = await units();
    expect([after[HOUSE]!.unit, after[BARN]!.unit, after[SHED]!.unit, after[GARAGE]!.unit]).toEqual([
      2, 3, 4, 1,
    ]);
    expect(after[HOUSE]!.phase).toBe('L3');
    // The deleted one keeps its unit, but nothing answers there while the DTU lacks it.
    expect(after[GARAGE]!.present).toBe(false);
    expect(await sunspec(port, 1, 'gx')).toEqual({ exception: 11 });
    expect((await sunspec<GxWalk>(port, 4, 'gx')).common.SN).toBe(SHED);
    const saved = JSON.parse(await readFile(join(dataDir, 'modbus-units.json'), 'utf8')) as {
      inverters: { serial: string; unit: number }[];
    };
    expect(saved.inverters.map(({ serial, unit }) => [serial, unit])).toEqual([
      [GARAGE, 1],
      [HOUSE, 2],
      [BARN, 3],
      [SHED, 4],
    ]);
    // Added back, the garage inverter answers at its old unit again.
    expect((await postData(`${dtu}api/inverter/add`, { serial: GARAGE, name: 'Garage again' })).status).toBe(
      200,
    );
    await until(
      async () => (await sunspec<GxWalk>(port, 1, 'gx')).common?.SN === GARAGE,
      30_000,
      'the garage inverter at unit 1 again',
    );
  });

  it('serves energy that never falls while the DTU is away, and from the records after a restart', async () => {
    const before = await poll(3);
    expect(before.WH).toBeGreaterThan(0);
    await device.stop('SIGKILL');
    // The DTU is away: power and state are not known (SunSpec's not implemented), the energy stays.
    await until(async () => (await poll(3)).St === 0xffff, 20_000, 'the state unknown');
    const away = await poll(3);
    expect([away.W, away.WH]).toEqual([0x8000, before.WH]);
    // The companion restarts while the DTU is still away: the energy comes from its records.
    await companion.close();
    await start();
    const restarted = await poll(3);
    expect(restarted.failure).toBe('');
    expect([restarted.W, restarted.St, restarted.WH]).toEqual([0x8000, 0xffff, before.WH]);
    expect((await poll(126)).WH).toBeGreaterThanOrEqual(before.WH);
    // The DTU back: every reading on the way is at least what was served, until it produces again.
    await device.restart();
    const seen: number[] = [];
    await until(
      async () => {
        const now = await poll(3);
        seen.push(now.WH);
        return now.St === 4;
      },
      40_000,
      'the barn inverter producing again',
    );
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(before.WH);
  });
});

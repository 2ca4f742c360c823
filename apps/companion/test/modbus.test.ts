/**
 * SunSpec over Modbus TCP (issue 44), the read side, as independent clients see it: Debian's
 * mbpoll and a pymodbus script walking as Victron's GX and as evcc do, against the companion
 * in front of a virtual DTU (its own process, at noon of its own clock, so its inverters
 * produce). Writes are off here: every write is refused.
 */
import type { LimitStatusMap, LiveDataResponse, LiveInverterFull } from '@opendtu/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startDevice, until, type TestDevice } from './helpers';
import { mbpoll, rawSocket, sunspec, type GxWalk } from './modbus-clients';
import { startModbusCompanion, type ModbusCompanion } from './modbus-companion';

describe('the SunSpec server, read-only', () => {
  let device: TestDevice;
  let companion: ModbusCompanion;
  let port: number;
  let limits: LimitStatusMap;
  const inverterUnits = async () => (await companion.map()).units.filter((unit) => unit.kind === 'inverter');
  const live = async (serial: string): Promise<LiveInverterFull> =>
    (
      (await call(`${device.url.href}api/livedata/status?inv=${serial}`))
        .body as LiveDataResponse<LiveInverterFull>
    ).inverters[0]!;

  beforeAll(async () => {
    device = await startDevice('2026-06-02T12:00');
    companion = await startModbusCompanion(device.url, { write: false });
    port = companion.port;
    await until(
      async () => (await inverterUnits()).filter((unit) => unit.rated_w && unit.energy_wh).length === 3,
      30_000,
      'three inverters with their ratings and energy',
    );
    limits = (await call(`${device.url.href}api/limit/status`)).body as LimitStatusMap;
  }, 60_000);

  afterAll(async () => {
    await companion?.close();
    await device?.remove();
  });

  it('a GX walking the chain finds the plant at 126 and each inverter at its own unit', async () => {
    const plant = await sunspec<GxWalk>(port, 126, 'gx');
    expect(plant.start).toBe(40000);
    expect(plant.chain.map(([id]) => id)).toEqual([1, 103, 120, 123, 160]);
    expect(plant.chain[0]![1]).toBeGreaterThanOrEqual(66);
    expect(plant.common).toMatchObject({ Mn: 'OpenDTU companion', SN: 'plant', DA: 126 });
    const units = await inverterUnits();
    expect(units.map((unit) => [unit.unit, unit.serial])).toEqual([
      [1, '114181234569'],
      [2, '116491234568'],
      [3, '138291234567'],
    ]);
    let rated = 0;
    for (const unit of units) {
      const walk = await sunspec<GxWalk>(port, unit.unit, 'gx');
      // The HMT is three phase (model 103), the others single phase (101).
      expect(walk.chain.map(([id]) => id)).toEqual([
        1,
        unit.serial!.startsWith('138') ? 103 : 101,
        120,
        123,
        160,
      ]);
      expect(walk.common).toMatchObject({ SN: unit.serial, DA: unit.unit, Opt: unit.name.slice(0, 16) });
      expect(walk.WRtg).toBe(limits[unit.serial!]!.max_power);
      expect(walk.strings.length).toBe(Object.keys((await live(unit.serial!)).DC).length);
      rated += walk.WRtg!;
    }
    expect(plant.WRtg).toBe(rated);
    // Limits are offered through model 123 with the percentage in tenths.
    expect(plant.WMaxLimPct_SF).toBe(-1);
    expect(plant.controls).toEqual({ WMaxLimPct: 1000, WMaxLimPct_RvrtTms: 0, WMaxLim_Ena: 0 });
  });

  it('mbpoll reads the marker and follows the model chain to its end', async () => {
    const marker = await mbpoll(port, 126, 40000, { count: 2 });
    expect([...marker.registers.values()]).toEqual([0x5375, 0x6e53]);
    const chain: number[] = [];
    for (let at = 40002; ;) {
      const header = await mbpoll(port, 126, at, { count: 2 });
      const [id, length] = [header.registers.get(at)!, header.registers.get(at + 1)!];
      if (id === 0xffff) {
        expect(length).toBe(0);
        break;
      }
      chain.push(id);
      at += 2 + length;
    }
    expect(chain).toEqual([1, 103, 120, 123, 160]);
  });

  it('serves W and WH equal to the DTU live values, each inverter and the plant', async () => {
    // mbpoll reads the inverter model's 52 registers as a GX polls them (W at 14, WH at 24).
    const poll = async (unit: number) => {
      const { registers } = await mbpoll(port, unit, 40070, { count: 52 });
      const at = (offset: number) => registers.get(40070 + offset)!;
      return { W: at(14), WH: at(24) * 0x10000 + at(25), St: at(38) };
    };
    for (const unit of await inverterUnits()) {
      // The companion is at most one frame behind the DTU: it catches up.
      await until(
        async () => {
          const [modbus, dtu] = await Promise.all([poll(unit.unit), live(unit.serial!)]);
          return (
            modbus.W === Math.round(dtu.AC['0']!.Power!.v) &&
            modbus.WH === Math.round(dtu.INV['0']!.YieldTotal!.v * 1000) &&
            modbus.St === 4
          );
        },
        20_000,
        `unit ${unit.unit} equal to the DTU`,
      );
    }
    // The plant: the DTU's total power, and its inverters' energies added up (the DTU's own
    // total energy is a float of fewer digits).
    const serials = (await inverterUnits()).map((unit) => unit.serial!);
    await until(
      async () => {
        const [modbus, dtu, ...inverters] = await Promise.all([
          poll(126),
          call(`${device.url.href}api/livedata/status`),
          ...serials.map(live),
        ]);
        const energy = inverters.reduce(
          (sum, inverter) => sum + Math.round(inverter.INV['0']!.YieldTotal!.v * 1000),
          0,
        );
        return modbus.W === Math.round((dtu.body as LiveDataResponse).total.Power.v) && modbus.WH === energy;
      },
      20_000,
      'the plant equal to the DTU total',
    );
  });

  it('evcc reads every model whole at every unit', async () => {
    for (const unit of [126, 1, 2, 3]) {
      const walk = await sunspec<{ read: number[]; inverter: GxWalk['inverter'] }>(port, unit, 'evcc');
      expect(walk.read).toEqual([1, unit === 126 || unit === 3 ? 103 : 101, 120, 123, 160]);
      expect(walk.inverter.W).toBeGreaterThan(0);
    }
  });

  it('answers exception 2 outside the models, 0x0B where no inverter is, and refuses writes', async () => {
    const plant = await sunspec<GxWalk & { end: number }>(port, 126, 'gx');
    expect((await mbpoll(port, 126, plant.end, { count: 3 })).failure).toBe('Illegal data address');
    expect((await mbpoll(port, 126, 50000, { count: 2 })).failure).toBe('Illegal data address');
    expect((await mbpoll(port, 126, 39999, { count: 2 })).failure).toBe('Illegal data address');
    expect((await mbpoll(port, 9, 40000, { count: 2 })).failure).toBe('Target device failed to respond');
    // Function code 16, five registers at model 123's offset 5 as a GX writes: exception 1.
    const written = await mbpoll(port, 126, 40155, { write: [500, 0, 10, 0, 1], verbose: true });
    expect(written.stdout).toContain('[7E][10][9C][DB][00][05][0A]');
    expect(written.stdout).toContain('<7E><90><01>');
    expect(await sunspec(port, 1, 'evcc-curtail', 50)).toEqual({ exception: 1 });
    expect((await sunspec<GxWalk>(port, 126, 'gx')).controls.WMaxLim_Ena).toBe(0);
  });

  it('closes a connection that sends a malformed or oversized frame, and only that one', async () => {
    const good = await rawSocket(port);
    const http = await rawSocket(port);
    const oversized = await rawSocket(port);
    http.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    // A header that announces 300 bytes: more than any Modbus frame.
    oversized.socket.write(Buffer.from([0, 1, 0, 0, 0x01, 0x2c, 126, 3, 0x9c, 0x40, 0, 2]));
    await Promise.all([http.closed, oversized.closed]);
    good.socket.write(Buffer.from([0, 9, 0, 0, 0, 6, 126, 3, 0x9c, 0x40, 0, 2]));
    await until(() => Buffer.concat(good.received).length >= 13, 5000, 'the answer on the good connection');
    expect([...Buffer.concat(good.received)]).toEqual([0, 9, 0, 0, 0, 7, 126, 3, 4, 0x53, 0x75, 0x6e, 0x53]);
    good.socket.destroy();
  });

  it('caps the connections: one too many is closed at once, a place freed is taken again', async () => {
    const open = await Promise.all(Array.from({ length: 16 }, () => rawSocket(port)));
    await until(async () => (await companion.map()).clients === 16, 5000, 'sixteen clients');
    const extra = await rawSocket(port);
    await extra.closed;
    open.pop()!.socket.destroy();
    await until(async () => (await companion.map()).clients === 15, 5000, 'a place freed');
    expect((await sunspec<GxWalk>(port, 126, 'gx')).common.SN).toBe('plant');
    for (const { socket } of open) socket.destroy();
  });
});

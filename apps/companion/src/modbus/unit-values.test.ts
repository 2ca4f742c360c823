import { familyOf, type LiveInverterRead } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { writeControls } from './control-writes';
import { EnergyFloor } from './energy-floor';
import { inverterModels, inverterState, plantModels, RELEASED, type InverterReading } from './unit-values';

const value = (v: number) => ({ v, u: '', d: 1 });

/** A DTU entry as a frame carries it, with the state given. */
function entry(serial: string, state: Partial<LiveInverterRead> = {}, ac = 400): LiveInverterRead {
  return {
    serial,
    name: `inverter ${serial}`,
    order: 0,
    data_age: 1,
    data_age_ms: 1000,
    poll_enabled: true,
    reachable: true,
    producing: ac > 0,
    limit_relative: 100,
    limit_absolute: 800,
    radio_stats: {} as never,
    AC: {
      '0': {
        Power: value(ac),
        Voltage: value(230.4),
        Current: value(ac / 230),
        Frequency: value(50.01),
        PowerFactor: value(0.998),
        ReactivePower: value(3),
      },
    },
    DC: {
      '0': {
        name: { u: 'left' },
        Power: value(210),
        Voltage: value(31.2),
        Current: value(6.7),
        YieldTotal: value(1),
      },
      '1': {
        name: { u: 'right' },
        Power: value(200),
        Voltage: value(31),
        Current: value(6.4),
        YieldTotal: value(1),
      },
    },
    INV: { '0': { 'Power DC': value(410), YieldTotal: value(2434.568), Temperature: value(38.2) } },
    events: 0,
    ...state,
  } as unknown as LiveInverterRead;
}

function reading(serial: string, state: Partial<LiveInverterRead> = {}, more: Partial<InverterReading> = {}) {
  return {
    device: 'dtu',
    serial,
    name: `inverter ${serial}`,
    family: familyOf(serial),
    entry: entry(serial, state),
    deviceOnline: true,
    ratedW: 800,
    energyWh: 2_434_568,
    stringEnergyWh: [1000, 1000],
    fault: false,
    switchedOff: false,
    phase: 'L1',
    ...more,
  } satisfies InverterReading;
}

const inverterValues = (read: InverterReading) =>
  inverterModels(read, RELEASED, { unit: 1, version: '0.1.0' })[1]!.values;

describe("an inverter's values", () => {
  it('are its live values while it answers, with its state', () => {
    const values = inverterValues(reading('114181234569'));
    expect(values).toMatchObject({
      W: 400,
      PhVphA: 230.4,
      Hz: 50.01,
      PF: 99.8,
      WH: 2_434_568,
      DCW: 410,
      St: 4,
    });
    // Two strings: the DC current and voltage of the inverter as a whole are not one value.
    expect(values.DCA).toBeUndefined();
    expect(inverterValues(reading('114181234569', { limit_relative: 50 })).St).toBe(5);
    expect(inverterValues(reading('114181234569', { producing: false })).St).toBe(2);
    // An open event makes a fault only where the inverter does not produce; switched off is off.
    expect(inverterValues(reading('114181234569', {}, { fault: true })).St).toBe(4);
    expect(inverterValues(reading('114181234569', { producing: false }, { fault: true })).St).toBe(7);
    expect(inverterValues(reading('114181234569', { producing: false }, { switchedOff: true })).St).toBe(1);
  });

  it('at night: 0 W and 0 A, but no voltage or frequency, state off', () => {
    const values = inverterValues(reading('114181234569', { poll_enabled: false, reachable: false }));
    expect(values).toMatchObject({ W: 400, St: 1 });
    expect([values.PhVphA, values.Hz, values.PF, values.TmpCab]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('nothing live when it does not answer by day or its DTU is away; the energy stays', () => {
    const silent = inverterValues(reading('114181234569', { reachable: false }));
    expect([silent.W, silent.A, silent.St, silent.WH]).toEqual([undefined, undefined, 1, 2_434_568]);
    const away = inverterValues(reading('114181234569', {}, { deviceOnline: false }));
    expect([away.W, away.St, away.WH]).toEqual([undefined, undefined, 2_434_568]);
    expect(inverterState(reading('114181234569', {}, { deviceOnline: false }))).toBe('unknown');
  });

  it('three phase: the L1-L2 voltage, and the current the DTU publishes for its family', () => {
    const six = inverterValues(reading('138291234567'));
    expect([six.A, six.AphA, six.PPVphAB, six.PhVphA]).toEqual([400 / 230, undefined, 230.4, undefined]);
    const four = inverterValues(reading('136112345678'));
    expect([four.A, four.AphA]).toEqual([undefined, 400 / 230]);
  });
});

describe("the plant's values", () => {
  const plant = (readings: InverterReading[]) =>
    plantModels(readings, RELEASED, { unit: 126, version: '0.1.0', energyWh: 5 })[1]!.values;

  it('add up what is known, each single-phase inverter on its phase', () => {
    const values = plant([
      reading('114181234569', {}, { phase: 'L1' }),
      reading('114181234570', {}, { phase: 'L2' }),
      reading('114181234571', { reachable: false }, { phase: 'L2' }),
    ]);
    // The silent one counts nothing in W, but makes L2's current and the total current unknown.
    expect(values).toMatchObject({ W: 800, AphA: 400 / 230, PhVphA: 230.4, PhVphB: 230.4, WH: 5, St: 4 });
    expect([values.A, values.AphB, values.AphC]).toEqual([undefined, undefined, 0]);
  });

  it('is not known at all when no DTU can be reached', () => {
    const values = plant([reading('114181234569', {}, { deviceOnline: false })]);
    expect([values.W, values.St, values.WH]).toEqual([undefined, undefined, 5]);
  });
});

describe('writes to model 123', () => {
  it('take the five limit registers as a GX writes them, then a release', () => {
    const limited = writeControls(RELEASED, 3, [500, 0, 120, 0, 1]);
    expect(limited).toEqual({
      kind: 'written',
      registers: { percent: 50, winTms: 0, rvrtTms: 120, rmpTms: 0, enabled: true },
      request: 'limit',
    });
    const released = writeControls(limited.kind === 'written' ? limited.registers : RELEASED, 7, [0]);
    expect(released).toMatchObject({ kind: 'written', request: 'release' });
  });

  it('take evcc: the percentage alone asks nothing, the enable after it does', () => {
    const percent = writeControls(RELEASED, 3, [700]);
    expect(percent).toMatchObject({ kind: 'written', request: 'none', registers: { percent: 70 } });
    const enabled = writeControls(percent.kind === 'written' ? percent.registers : RELEASED, 7, [1]);
    expect(enabled).toMatchObject({
      kind: 'written',
      request: 'limit',
      registers: { percent: 70, enabled: true },
    });
  });

  it('refuse read-only registers and values out of range', () => {
    expect(writeControls(RELEASED, 2, [1, 500])).toMatchObject({ kind: 'refused', code: 2 });
    expect(writeControls(RELEASED, 7, [1, 5])).toMatchObject({ kind: 'refused', code: 2 });
    expect(writeControls(RELEASED, 3, [1001])).toMatchObject({ kind: 'refused', code: 3 });
    expect(writeControls(RELEASED, 7, [2])).toMatchObject({ kind: 'refused', code: 3 });
  });
});

describe('energy that never falls', () => {
  it('keeps the largest reading, ignores 0, and sums without forgetting', () => {
    const floor = new EnergyFloor();
    floor.take('a', 1000);
    expect(floor.take('a', 0)).toBe(1000);
    expect(floor.take('a', 990)).toBe(1000);
    expect(floor.take('a', 1010)).toBe(1010);
    floor.take('b#0', 7);
    floor.take('b', 500);
    expect(floor.sum((key) => !key.includes('#'))).toBe(1510);
  });
});

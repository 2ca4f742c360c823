import { describe, expect, it } from 'vitest';
import {
  currentLayout,
  dataAgeMs,
  liveValue,
  parseLiveFrame,
  readLiveInverters,
  type LiveInverterRead,
} from './live-frame';
import type { LiveInverterCommon, LiveInverterFull } from './livedata';

const value = (v: number, u: string, d = 1) => ({ v, u, d });
const total = { Power: value(300, 'W'), YieldDay: value(900, 'Wh', 0), YieldTotal: value(12, 'kWh', 3) };
const hints = { time_sync: false, radio_problem: false, default_password: false };

const common = (serial: string, age: { data_age: number; data_age_ms?: number }): LiveInverterCommon => ({
  serial,
  name: 'Garage',
  order: 0,
  ...age,
  poll_enabled: true,
  reachable: true,
  producing: true,
  limit_relative: 100,
  limit_absolute: 800,
});

/** A frame as v24.2.12 and later write it (here v25.4.10: with `data_age_ms`). */
const current: LiveInverterFull = {
  ...common('114181234567', { data_age: 3, data_age_ms: 3120 }),
  AC: { '0': { Power: value(300, 'W'), Voltage: value(231, 'V') } },
  DC: { '0': { name: { u: 'South' }, Power: value(320, 'W') } },
  INV: {
    '0': {
      'Power DC': value(320, 'W'),
      YieldDay: value(900, 'Wh', 0),
      YieldTotal: value(12, 'kWh', 3),
      Temperature: value(31, '°C'),
      Efficiency: value(93.75, '%', 3),
    },
  },
  events: 1,
};

/** The same inverter as firmware before v24.2.12 writes it: the sums in AC "0", age in seconds. */
const legacy = {
  ...common('114181234567', { data_age: 3 }),
  AC: {
    '0': {
      Power: value(300, 'W'),
      Voltage: value(231, 'V'),
      'Power DC': value(320, 'W'),
      YieldDay: value(900, 'Wh', 0),
      YieldTotal: value(12, 'kWh', 3),
      Efficiency: value(93.75, '%', 3),
    },
  },
  DC: { '0': { name: { u: 'South' }, Power: value(320, 'W') } },
  INV: { '0': { Temperature: value(31, '°C') } },
  events: 1,
} as unknown as LiveInverterCommon;

describe('the age of live data', () => {
  it('is data_age_ms where the firmware sends it (v25.4.2 on)', () => {
    expect(dataAgeMs({ data_age: 3, data_age_ms: 3120 })).toBe(3120);
    expect(dataAgeMs({ data_age: 3, data_age_ms: 0 })).toBe(0);
  });

  it('is data_age in whole seconds before v25.4.2, and 0 when neither is there', () => {
    expect(dataAgeMs({ data_age: 4 })).toBe(4000);
    expect(dataAgeMs({})).toBe(0);
    expect(dataAgeMs({ data_age: '4' })).toBe(0);
  });
});

describe('an inverter in today’s layout', () => {
  it('keeps an entry of v24.2.12 and later as it is, adding nothing but its age', () => {
    const read = currentLayout(current);
    expect(read).toEqual(current);
    expect(read).not.toBe(current);
  });

  it('moves the sums of firmware before v24.2.12 from AC "0" to INV "0"', () => {
    const read = currentLayout(legacy) as LiveInverterRead & LiveInverterFull;
    expect(read.AC['0']).toEqual(current.AC['0']);
    expect(read.INV['0']).toEqual({
      Temperature: value(31, '°C'),
      'Power DC': value(320, 'W'),
      YieldDay: value(900, 'Wh', 0),
      YieldTotal: value(12, 'kWh', 3),
      Efficiency: value(93.75, '%', 3),
    });
    expect(read.data_age_ms).toBe(3000);
    // The entry read is not changed: the web app's store keeps what the device sent.
    expect(Object.keys((legacy as unknown as LiveInverterFull).AC['0']!)).toContain('Power DC');
  });

  it('fills the age of a list entry (common fields only) of older firmware', () => {
    const read = currentLayout(common('116491234568', { data_age: 7 }));
    expect(read.data_age_ms).toBe(7000);
    expect('AC' in read).toBe(false);
  });
});

describe('the inverters of an answer or a frame', () => {
  it('reads every inverter of a frame, older firmware sending them all at once', () => {
    const other = common('116491234568', { data_age: 1, data_age_ms: 900 });
    const read = readLiveInverters({ inverters: [legacy, {}, other, null], total, hints });
    expect(read.map((inverter) => [inverter.serial, inverter.data_age_ms])).toEqual([
      ['114181234567', 3000],
      ['116491234568', 900],
    ]);
  });

  it('reads nothing from what is not an answer', () => {
    expect(readLiveInverters(null)).toEqual([]);
    expect(readLiveInverters({})).toEqual([]);
    expect(readLiveInverters({ inverters: 'none' })).toEqual([]);
  });
});

describe('a frame’s text', () => {
  it('parses a frame', () => {
    const frame = parseLiveFrame(JSON.stringify({ inverters: [current], total, hints }));
    expect(frame?.inverters[0]?.serial).toBe('114181234567');
  });

  it('is no frame when it is the {} of older firmware, not JSON, or JSON of another kind', () => {
    expect(parseLiveFrame('{}')).toBeUndefined();
    expect(parseLiveFrame('ping')).toBeUndefined();
    expect(parseLiveFrame('null')).toBeUndefined();
    expect(parseLiveFrame('{"inverters":{}}')).toBeUndefined();
  });
});

describe('a value of a channel', () => {
  it('is its finite number, else undefined', () => {
    expect(liveValue(current.AC['0'], 'Power')).toBe(300);
    expect(liveValue(current.AC['0'], 'Frequency')).toBeUndefined();
    expect(liveValue(undefined, 'Power')).toBeUndefined();
    expect(liveValue({ Power: { v: null } }, 'Power')).toBeUndefined();
    expect(liveValue({ Power: { v: Number.NaN } }, 'Power')).toBeUndefined();
  });
});

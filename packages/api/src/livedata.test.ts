import { describe, expect, it } from 'vitest';
import type { LiveInverterCommon, LiveInverterFull } from './livedata';
import { FIELD_UNITS, isLiveInverter, isLiveInverterFull } from './livedata';

const common: LiveInverterCommon = {
  serial: '114181234567',
  name: 'Garage',
  order: 0,
  data_age: 3,
  data_age_ms: 3120,
  poll_enabled: true,
  reachable: true,
  producing: true,
  limit_relative: 100,
  limit_absolute: 800,
  radio_stats: {
    tx_request: 120,
    tx_re_request: 2,
    rx_success: 117,
    rx_fail_nothing: 1,
    rx_fail_partial: 1,
    rx_fail_corrupt: 1,
    rssi: -30,
  },
};

describe('live data entries', () => {
  it('tells the transient empty object from an inverter', () => {
    expect(isLiveInverter({})).toBe(false);
    expect(isLiveInverter(null)).toBe(false);
    expect(isLiveInverter(common)).toBe(true);
  });

  it('tells a full inverter from a common-only one', () => {
    const full: LiveInverterFull = { ...common, AC: {}, DC: {}, INV: {}, events: 3 };
    expect(isLiveInverterFull(common)).toBe(false);
    expect(isLiveInverterFull(full)).toBe(true);
  });
});

describe('FIELD_UNITS', () => {
  it('matches the quirks of the wire', () => {
    expect(FIELD_UNITS.AC.PowerFactor).toEqual({ u: '', d: 3 });
    expect(FIELD_UNITS.INV['Power DC']).toEqual({ u: 'W', d: 1 });
    expect(FIELD_UNITS.INV.Temperature).toEqual({ u: '°C', d: 1 });
    expect(FIELD_UNITS.DC.YieldDay).toEqual({ u: 'Wh', d: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { samplesOf } from './sample';

const NOW = Date.parse('2026-06-21T10:00:00Z');
const w = (v: number) => ({ v, u: 'W', d: 1 });

/** One inverter of a frame; `legacy` writes it as firmware before v24.2.12 does. */
function inverter(serial: string, legacy: boolean) {
  const sums = {
    'Power DC': w(420),
    YieldDay: { v: 1602, u: 'Wh', d: 0 },
    YieldTotal: { v: 2434.568, u: 'kWh', d: 3 },
    Efficiency: { v: 95.2, u: '%', d: 3 },
  };
  return {
    serial,
    name: 'Garage',
    order: 0,
    data_age: 3,
    ...(!legacy && { data_age_ms: 3120 }),
    reachable: true,
    producing: true,
    limit_relative: 80,
    AC: { '0': { Power: w(400), ...(legacy && sums) } },
    DC: { '1': { name: { u: 'West' }, Power: w(210) }, '0': { name: { u: 'East' }, Power: w(210) } },
    INV: { '0': { ...(!legacy && sums), Temperature: { v: 38.2, u: '°C', d: 1 } } },
    events: 0,
  };
}

const expected = {
  name: 'Garage',
  strings: ['East', 'West'],
  ac: 400,
  dc: [210, 210],
  yieldDay: 1602,
  yieldTotal: 2434.568,
  temperature: 38.2,
  limit: 80,
  reachable: true,
  producing: true,
};

describe('the samples of a live frame', () => {
  it('are stamped with the time the inverter was read (data_age_ms, v25.4.2 on)', () => {
    expect(samplesOf({ inverters: [inverter('114181234567', false)] }, NOW)).toEqual([
      { serial: '114181234567', t: NOW - 3120, ...expected },
    ]);
  });

  it('read firmware before v24.2.12 alike: every inverter of a frame, sums from AC "0", age in seconds', () => {
    const frame = { inverters: [inverter('114181234567', true), {}, inverter('116491234568', true)] };
    expect(samplesOf(frame, NOW)).toEqual([
      { serial: '114181234567', t: NOW - 3000, ...expected },
      { serial: '116491234568', t: NOW - 3000, ...expected },
    ]);
  });

  it('come only from inverters with their channels (not from a list answer)', () => {
    const { AC: _ac, DC: _dc, INV: _inv, ...common } = inverter('114181234567', false);
    expect(samplesOf({ inverters: [common] }, NOW)).toEqual([]);
    expect(samplesOf('{}', NOW)).toEqual([]);
  });
});

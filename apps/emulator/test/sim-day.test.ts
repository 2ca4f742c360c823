/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { familyOf, FIELD_UNITS } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestDevice, type TestDevice } from './helpers';

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

/** Moves the clock and lets the simulation catch up, as the 1 s timer would. */
function advance(device: TestDevice, ms: number): void {
  device.clock.advance(ms);
  device.app.device.inverters.step(device.clock.now());
}

async function live(device: TestDevice, serial?: string): Promise<any> {
  const url = serial ? `/api/livedata/status?inv=${serial}` : '/api/livedata/status';
  return (await device.app.inject({ method: 'GET', url })).json();
}

/** Digits the device advertises must be enough to show the value (|v - round(v, d)| within the raw resolution). */
function checkValue(value: any, unit: { u: string; d: number }): void {
  expect(value.u).toBe(unit.u);
  expect(value.d).toBe(unit.d);
  expect(typeof value.v).toBe('number');
  expect(Number.isFinite(value.v)).toBe(true);
}

describe('live data of the demo installation at noon (contract §5.2)', () => {
  it('lists three inverters of different families with every field, unit and digit count', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 60_000);
    const list = await live(dev);
    expect(list.inverters.map((i: any) => familyOf(i.serial)?.id)).toEqual(['HM_2CH', 'HMS_4CH', 'HMT_6CH']);
    expect(Object.keys(list.inverters[0])).toEqual([
      'serial',
      'name',
      'order',
      'data_age',
      'data_age_ms',
      'poll_enabled',
      'reachable',
      'producing',
      'limit_relative',
      'limit_absolute',
      'radio_stats',
    ]);
    for (const common of list.inverters) {
      const full = (await live(dev, common.serial)).inverters[0];
      const family = familyOf(full.serial);
      expect(Object.keys(full.AC)).toEqual(['0']);
      expect(Object.keys(full.DC)).toHaveLength(family?.dcInputs ?? -1);
      expect(Object.keys(full.AC['0'])).toEqual([
        'Power',
        'Voltage',
        'Current',
        'Frequency',
        'PowerFactor',
        'ReactivePower',
      ]);
      for (const [field, unit] of Object.entries(FIELD_UNITS.AC)) checkValue(full.AC['0'][field], unit);
      for (const [field, unit] of Object.entries(FIELD_UNITS.INV)) checkValue(full.INV['0'][field], unit);
      expect(Object.keys(full.INV['0'])).toEqual([
        'Power DC',
        'YieldDay',
        'YieldTotal',
        'Temperature',
        'Efficiency',
      ]);
      for (const channel of Object.values<any>(full.DC)) {
        expect(Object.keys(channel)[0]).toBe('name');
        for (const [field, unit] of Object.entries(FIELD_UNITS.DC)) checkValue(channel[field], unit);
        expect(channel.Irradiation.max).toBeGreaterThan(0);
      }
      expect(Number.isInteger(full.events)).toBe(true);
      // NRF reports only -30/-80, CMT real dBm (inverters.md §1.2).
      const rssi = full.radio_stats.rssi;
      if (family?.radio === 'nrf') expect([-30, -80]).toContain(rssi);
      else expect(rssi).toBeLessThan(-40);
    }
  });

  it('derives every number from one state: P = U x I, sums, efficiency, irradiation', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 60_000);
    const list = await live(dev);
    let acTotal = 0;
    for (const { serial } of list.inverters) {
      const full = (await live(dev, serial)).inverters[0];
      const dcs = Object.values<any>(full.DC);
      for (const dc of dcs) {
        const v = dc.Voltage.v;
        const i = dc.Current.v;
        // Each value is rounded to its raw resolution: V 0.1, I 0.01, P 0.1.
        expect(Math.abs(dc.Power.v - v * i)).toBeLessThanOrEqual(0.05 + 0.05 * i + 0.005 * v + 0.01);
        expect(dc.Irradiation.v).toBeCloseTo((dc.Power.v / dc.Irradiation.max) * 100, 2);
      }
      const inv = full.INV['0'];
      const dcSum = dcs.reduce((sum, dc) => sum + dc.Power.v, 0);
      expect(inv['Power DC'].v).toBeCloseTo(dcSum, 1);
      expect(inv.YieldDay.v).toBe(dcs.reduce((sum, dc) => sum + dc.YieldDay.v, 0));
      expect(inv.YieldTotal.v).toBeCloseTo(
        dcs.reduce((sum, dc) => sum + dc.YieldTotal.v, 0),
        2,
      );
      expect(inv.Efficiency.v).toBeCloseTo((full.AC['0'].Power.v / inv['Power DC'].v) * 100, 2);
      expect(inv.Efficiency.v).toBeGreaterThan(90);
      expect(inv.Efficiency.v).toBeLessThan(97.5);
      expect(full.producing).toBe(true);
      const ac = full.AC['0'];
      const threePhase = familyOf(serial)?.acPhases === 3;
      expect(ac.Voltage.v).toBeGreaterThan(threePhase ? 385 : 222);
      expect(ac.Voltage.v).toBeLessThan(threePhase ? 425 : 246);
      expect(ac.Frequency.v).toBeGreaterThanOrEqual(49.97);
      expect(ac.Frequency.v).toBeLessThanOrEqual(50.03);
      if (!threePhase) expect(ac.Current.v).toBeCloseTo(ac.Power.v / (ac.Voltage.v * ac.PowerFactor.v), 1);
      // Paired inputs show one voltage on HMT (inverters.md §2.2).
      if (threePhase) expect(full.DC['0'].Voltage.v).toBe(full.DC['1'].Voltage.v);
      acTotal += ac.Power.v;
    }
    expect(list.total.Power.v).toBeCloseTo(acTotal, 0);
    expect(list.total).toMatchObject({
      Power: { u: 'W', d: 1 },
      YieldDay: { u: 'Wh', d: 0 },
      YieldTotal: { u: 'kWh', d: 3 },
    });
  });
});

describe('a simulated day', () => {
  it('produces by day, nothing at night, a plausible daily energy, and resets radio stats at midnight', async () => {
    // Local midnight (CEST) at the start of 21 June, at the default site (51.17 N).
    dev = await startTestDevice({ start: Date.parse('2025-06-20T22:00:00Z') });
    const serial = '114181234569';
    const seen: { producing: boolean; power: number; hour: number }[] = [];
    let dayYield = 0;
    for (let minute = 5; minute < 24 * 60; minute += 5) {
      advance(dev, 5 * 60_000);
      const full = (await live(dev, serial)).inverters[0];
      seen.push({ producing: full.producing, power: full.AC['0'].Power.v, hour: minute / 60 });
      dayYield = Math.max(dayYield, full.INV['0'].YieldDay.v);
    }
    const night = seen.filter((s) => s.hour < 3 || s.hour > 23);
    expect(night.every((s) => !s.producing)).toBe(true);
    const noon = seen.filter((s) => s.hour >= 11 && s.hour <= 15);
    expect(noon.some((s) => s.producing && s.power > 50)).toBe(true);
    // 2 x 410 Wp: at most ~2 x 410/400 x 3.0 kWh on a clear day, still some energy under clouds.
    expect(dayYield).toBeGreaterThan(400);
    expect(dayYield).toBeLessThan(6500);
    const atNight = (await live(dev, serial)).inverters[0];
    expect(atNight.AC['0'].Power.v).toBe(0);
    expect(atNight.reachable).toBe(false);
    expect(atNight.data_age).toBeGreaterThan(600);
    const before = atNight.radio_stats.tx_request;
    advance(dev, 10 * 60_000);
    const after = (await live(dev, serial)).inverters[0].radio_stats.tx_request;
    expect(after).toBeLessThan(before);
  });

  it('keeps YieldTotal across a restart of the emulator', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 30_000);
    const before = (await live(dev)).total.YieldTotal.v;
    await dev.reboot();
    advance(dev, 30_000);
    const after = (await live(dev)).total.YieldTotal.v;
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after - before).toBeLessThan(0.1);
  });

  it('shows data only after time is synced, and starts with limit 0 until the first read-back', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    // Nothing received yet: the model (max power) is unknown, so the absolute limit is -1.
    const first = (await live(dev)).inverters[0];
    expect(first).toMatchObject({ limit_relative: 0, limit_absolute: -1, data_age: 0 });
    // The first poll turn brings statistics; device info is asked for only on the next turn.
    advance(dev, 5_000);
    const polledOnce = (await live(dev)).inverters[0];
    expect(polledOnce.data_age).toBe(0);
    expect(polledOnce.limit_absolute).toBe(-1);
    advance(dev, 15_000);
    const early = (await live(dev)).inverters[0];
    // Device info arrived with the first statistics; the limit is read only after 4 min.
    expect(early.limit_relative).toBe(0);
    expect(early.limit_absolute).toBe(0);
    advance(dev, 5 * 60_000);
    const later = (await live(dev)).inverters[0];
    expect(later.limit_relative).toBe(100);
    expect(later.limit_absolute).toBe(800);
  });
});

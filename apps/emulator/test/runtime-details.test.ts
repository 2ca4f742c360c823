/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { formatVersion, productionDate } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import { withCrc } from '../src/sim/grid-profile';
import { startTestDevice, type TestDevice } from './helpers';

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

async function get(device: TestDevice, url: string): Promise<any> {
  return (await device.app.inject({ method: 'GET', url })).json();
}

async function startedAtNoon(): Promise<TestDevice> {
  const device = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
  device.clock.advance(40_000);
  device.app.device.inverters.step(device.clock.now());
  return device;
}

describe('device info (contract §9.5)', () => {
  it('reports the model from the part number, firmware versions and PDL only for HMS-4T', async () => {
    dev = await startedAtNoon();
    const hms = await get(dev, '/api/devinfo/status?inv=116491234568');
    expect(hms).toMatchObject({
      valid_data: true,
      hw_model_name: 'HMS-2000-4T',
      max_power: 2000,
      pdl_supported: true,
    });
    expect(hms.hw_part_number).toBe(269644033);
    expect(formatVersion(hms.fw_build_version)).toBe('1.1.12');
    expect(hms.fw_build_datetime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:00$/);
    expect(typeof hms.hw_version).toBe('string');
    const hm = await get(dev, '/api/devinfo/status?inv=114181234569');
    expect(hm).toMatchObject({
      hw_model_name: 'HM-800-2T',
      max_power: 800,
      pdl_supported: false,
      hw_part_number: 269561858,
    });
    expect(productionDate('114181234569')).toEqual({ year: 2022, week: '12' });
    expect(await get(dev, '/api/devinfo/status?inv=1')).toEqual({});
  });
});

describe('event log (contract §9.6)', () => {
  it('lists the morning start with local seconds of day, in the requested language', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T02:00:00Z') });
    dev.clock.advance(3 * 3600_000);
    dev.app.device.inverters.step(dev.clock.now());
    const en = await get(dev, '/api/eventlog/status?inv=114181234569&locale=en');
    expect(en.count).toBe(en.events.length);
    const start = en.events[0];
    expect(start).toMatchObject({ message_id: 1, message: 'Inverter start' });
    expect(start.start_time).toBe(start.end_time);
    // Woke up after sunrise (05:02 CEST) and before 08:00 CEST, in local seconds.
    expect(start.start_time).toBeGreaterThan(4 * 3600);
    expect(start.start_time).toBeLessThan(8 * 3600);
    const de = await get(dev, '/api/eventlog/status?inv=114181234569&locale=DE');
    expect(de.events[0].message).toBe('Wechselrichter gestartet');
    const fr = await get(dev, '/api/eventlog/status?inv=114181234569&locale=fr');
    expect(fr.events[0].message).toBe("L'onduleur a démarré");
  });
});

describe('event texts of three-phase inverters (inverters.md §3.2)', () => {
  it('uses the HMT texts for an HMT and the general ones (or Unknown) for others', async () => {
    dev = await startedAtNoon();
    const at = dev.clock.now();
    const physicalOf = (serial: string) => {
      const inverter = dev?.app.device.inverters.find(Number.parseInt(serial, 16));
      if (!inverter) throw new Error(serial);
      return inverter.physical;
    };
    // The inverters log these themselves; the DTU fetches the log when the counter moves.
    for (const serial of ['138291234567', '114181234569']) {
      physicalOf(serial).eventLog.add(171, at, at + 60_000);
      physicalOf(serial).eventLog.add(217, at, 0);
    }
    dev.clock.advance(40_000);
    dev.app.device.inverters.step(dev.clock.now());
    const texts = async (serial: string, locale: string): Promise<Record<number, string>> => {
      const { events } = await get(dev as TestDevice, `/api/eventlog/status?inv=${serial}&locale=${locale}`);
      return Object.fromEntries(events.map((e: any) => [e.message_id, e.message]));
    };
    expect(await texts('138291234567', 'en')).toMatchObject({
      171: 'Grid: Abnormal phase difference between phase to phase',
      217: 'PV-5: No input',
    });
    expect((await texts('138291234567', 'de'))[217]).toBe('PV-5: Kein  Eingang');
    expect(await texts('114181234569', 'en')).toMatchObject({
      171: 'Unknown',
      217: 'PV-2: Input overvoltage',
    });
    expect((await texts('114181234569', 'fr'))[171]).toBe('Inconnu');
    // Local seconds of day (CEST), the open event with end 0.
    const { events } = await get(dev, '/api/eventlog/status?inv=138291234567');
    const secondOfDay = (Math.floor(at / 1000) + 7200) % 86_400;
    expect(events.find((e: any) => e.message_id === 171)).toMatchObject({
      start_time: secondOfDay,
      end_time: secondOfDay + 60,
    });
    expect(events.find((e: any) => e.message_id === 217).end_time).toBe(0);
  });
});

describe('grid profile (contract §9.7, §9.8)', () => {
  it('returns the German profile decoded and raw, with a valid CRC', async () => {
    dev = await startedAtNoon();
    const status = await get(dev, '/api/gridprofile/status?inv=116491234568');
    expect(status.name).toBe('DE - DE_VDE4105_2018');
    expect(status.version).toBe('2.0.0');
    expect(status.sections[0].name).toBe('Voltage (H/LVRT)');
    expect(status.sections[0].items[0]).toEqual({ n: 'Nominale Voltage (NV)', u: 'V', v: 230 });
    const island = status.sections.find((s: any) => s.name === 'Island Detection (ID)');
    expect(island.items[0]).toEqual({ n: 'ID Function Activated', u: 'bool', v: 1 });
    const { raw } = await get(dev, '/api/gridprofile/rawdata?inv=116491234568');
    expect(raw).toHaveLength(114);
    expect(withCrc(raw)).toEqual(raw);
  });
});

describe('grid profile before data and per country (contract §9.7, §9.8)', () => {
  it('is Unknown before the inverter answered, then the profile of the country of the time zone', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    expect(await get(dev, '/api/gridprofile/status?inv=116491234568')).toEqual({
      name: 'Unknown',
      version: '0.0.0',
      sections: [],
    });
    expect(await get(dev, '/api/gridprofile/rawdata?inv=116491234568')).toEqual({ raw: [] });
    expect(await get(dev, '/api/gridprofile/status?inv=112233445566')).toEqual({});
    dev.app.device.config.get().ntp.timezone_descr = 'Europe/Vienna';
    dev.clock.advance(40_000);
    dev.app.device.inverters.step(dev.clock.now());
    const status = await get(dev, '/api/gridprofile/status?inv=116491234568');
    expect(status.name).toBe('AT - AT_TOR_Erzeuger_default');
    const { raw } = await get(dev, '/api/gridprofile/rawdata?inv=116491234568');
    expect(raw.slice(0, 2)).toEqual([0x0c, 0x00]);
    expect(withCrc(raw)).toEqual(raw);
  });
});

describe('Prometheus (contract §12)', () => {
  it('prints build, per-inverter limit and field metrics with the device labels', async () => {
    dev = await startedAtNoon();
    const response = await dev.app.inject({ url: '/api/prometheus/metrics' });
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const text = response.body;
    expect(text).toMatch(
      /^# HELP opendtu_build Build info\n# TYPE opendtu_build gauge\nopendtu_build\{name="[^"]+",id="v25.4.10",version="0.1.29"\} 1\n/,
    );
    expect(text).toContain(
      'opendtu_inverter_limit_relative{serial="114181234569",unit="0",name="Garage HM-800"}',
    );
    expect(text).toMatch(
      /opendtu_Power\{serial="116491234568",unit="1",name="House HMS-2000",type="AC",channel="0"\} \d+\.\d\n/,
    );
    expect(text).toMatch(/opendtu_PowerDC\{[^}]*type="INV",channel="0"\} \d+\.\d\n/);
    // HELP/TYPE lines only exist for fields of inverter 0's AC channel, so none for YieldDay.
    expect(text).not.toContain('# TYPE opendtu_YieldDay');
  });
});

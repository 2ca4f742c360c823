import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDay } from '../src/recorder/day-energy';
import type { Sample } from '../src/recorder/sample';
import { openHistory } from './open-history';
import { ADMIN_AUTH, call, postData, startCompanion, startDevice, tempDir, until } from './helpers';
import type { TestCompanion, TestDevice } from './helpers';

/** 2026-06-21 in the virtual DTU's default zone, CEST (UTC+2) in June; `info` below shows its zone. */
const at = (time: string): number => Date.parse(`2026-06-21T${time}+02:00`);

function sample(serial: string, t: number, ac: number | null, dc: number[], reachable = true): Sample {
  return {
    serial,
    name: serial === '1161000001' ? 'Roof' : 'Garage, "east"',
    strings: dc.map((_, i) => `S${i + 1}`),
    t,
    ac,
    dc,
    yieldDay: 100,
    yieldTotal: 10,
    temperature: 30,
    limit: 100,
    reachable,
    producing: reachable,
  };
}

/** What the recorder would have stored: two inverters, a gap, an unreachable moment, days of energy. */
function fill(dataDir: string): void {
  const { store, close } = openHistory(dataDir);
  try {
    store.transaction(() => {
      const roof = store.inverterId('1161000001', 'Roof', ['S1', 'S2']);
      const garage = store.inverterId('1141000002', 'Garage, "east"', ['S1']);
      const first = store.openSession(at('10:00:00'));
      store.addSample(roof, first, sample('1161000001', at('10:00:00'), 500, [240, 260.5]));
      store.addSample(roof, first, sample('1161000001', at('10:00:05'), 510, [250, 260]));
      store.addSample(garage, first, sample('1141000002', at('10:00:02'), 300, [300]));
      const second = store.openSession(at('11:00:00'));
      store.addSample(roof, second, sample('1161000001', at('11:00:00'), 600, [300, 300]));
      store.addSample(roof, second, sample('1161000001', at('11:00:05'), 0, [0, 0], false));
      const days: [number, string, number][] = [
        [roof, '2025-12-31', 400],
        [roof, '2026-05-31', 9000],
        [garage, '2026-05-31', 1000],
        [roof, '2026-06-01', 8000],
        [roof, '2026-06-21', 12_345.67],
        [garage, '2026-06-21', 4000],
      ];
      for (const [inv, day, wh] of days) store.saveDay(inv, startDay(day, undefined), wh);
    });
  } finally {
    close();
  }
}

/** A period's flow fields without a grid meter: only the production (issue 45). */
const noMeter = (produced: number | null) => ({
  produced_wh: produced,
  self_used_wh: null,
  exported_wh: null,
  imported_wh: null,
  consumption_wh: null,
  self_consumption_pct: null,
  self_sufficiency_pct: null,
  grid_complete: null,
});

describe('the history API', () => {
  let device: TestDevice;
  let companion: TestCompanion;
  const get = (path: string) => call(`${companion.url}/companion/api/${path}`);
  beforeAll(async () => {
    const dataDir = await tempDir('history');
    fill(dataDir);
    // The device says who may read, and in which zone its days are; its own inverters
    // would be recorded beside the stored ones, so it has none. Its clock is on the day of
    // the samples: they are within the raw days kept, whatever day the test runs.
    device = await startDevice('2026-06-21T12:00');
    const list = await call(new URL('api/inverter/list', device.url).href, { auth: ADMIN_AUTH });
    for (const { id } of (list.body as { inverter: { id: number }[] }).inverter) {
      await postData(new URL('api/inverter/del', device.url).href, { id });
    }
    companion = await startCompanion(device.url, { dataDir });
    await until(
      async () => ((await get('info')).body as { companion: { timezone: string } }).companion.timezone !== '',
    );
  });
  afterAll(async () => {
    await companion?.close();
    await device?.remove();
  });

  it('tells the app it is there', async () => {
    const info = await get('info');
    expect(info.headers.get('content-type')).toMatch(/^application\/json/);
    expect(info.body).toEqual({
      companion: {
        version: '0.1.0',
        device: device.url.href,
        demo: false,
        recording_since: new Date(at('10:00:00')).toISOString(),
        timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      },
    });
  });

  it("answers a day's power per inverter and string; a gap and an unreachable moment are nulls", async () => {
    const { status, body } = await get('power?date=2026-06-21');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      date: '2026-06-21',
      from: at('00:00:00'),
      to: Date.parse('2026-06-22T00:00:00+02:00'),
    });
    const [garage, roof] = (
      body as { inverters: { serial: string; columns: string[]; points: unknown[] }[] }
    ).inverters
      .slice()
      .sort((a, b) => a.serial.localeCompare(b.serial));
    expect(roof).toMatchObject({
      serial: '1161000001',
      name: 'Roof',
      strings: ['S1', 'S2'],
      columns: ['t', 'ac', 'dc0', 'dc1'],
    });
    expect(roof!.points).toEqual([
      [at('10:00:00'), 500, 240, 260.5],
      [at('10:00:05'), 510, 250, 260],
      [at('10:00:05') + 1, null, null, null],
      [at('11:00:00'), 600, 300, 300],
      [at('11:00:05'), null, null, null],
    ]);
    expect(garage!.points).toEqual([[at('10:00:02'), 300, 300]]);
    const one = await get('power?date=2026-06-21&serial=1141000002');
    expect((one.body as { inverters: unknown[] }).inverters).toHaveLength(1);
    expect((await get('power?date=2026-06-20')).body).toMatchObject({
      inverters: [{ points: [] }, { points: [] }],
    });
  });

  it('answers power as CSV, header first, in the device’s local time', async () => {
    const { headers, text } = await get('power?date=2026-06-21&serial=1161000001&format=csv');
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe('attachment; filename="power-2026-06-21.csv"');
    expect(text.split('\r\n')).toEqual([
      'time,serial,ac_w,dc1_w,dc2_w',
      '2026-06-21T10:00:00+02:00,1161000001,500,240,260.5',
      '2026-06-21T10:00:05+02:00,1161000001,510,250,260',
      '2026-06-21T10:00:05+02:00,1161000001,,,',
      '2026-06-21T11:00:00+02:00,1161000001,600,300,300',
      '2026-06-21T11:00:05+02:00,1161000001,,,',
      '',
    ]);
  });

  it('answers energy per day, month and year, per inverter and in sum', async () => {
    const days = (await get('energy?by=day&from=2026-06-20&to=2026-06-21')).body;
    expect(days).toEqual({
      by: 'day',
      from: '2026-06-20',
      to: '2026-06-21',
      inverters: [
        { serial: '1161000001', name: 'Roof' },
        { serial: '1141000002', name: 'Garage, "east"' },
      ],
      periods: [
        {
          period: '2026-06-20',
          total_wh: null,
          inverters: { '1161000001': null, '1141000002': null },
          ...noMeter(null),
        },
        {
          period: '2026-06-21',
          total_wh: 16_345.7,
          inverters: { '1161000001': 12_345.7, '1141000002': 4000 },
          ...noMeter(16_345.7),
        },
      ],
    });
    const months = (await get('energy?by=month&from=2026-05-15&to=2026-06-30')).body as {
      periods: unknown[];
    };
    expect(months.periods).toEqual([
      {
        period: '2026-05',
        total_wh: 10_000,
        inverters: { '1161000001': 9000, '1141000002': 1000 },
        ...noMeter(10_000),
      },
      {
        period: '2026-06',
        total_wh: 24_345.7,
        inverters: { '1161000001': 20_345.7, '1141000002': 4000 },
        ...noMeter(24_345.7),
      },
    ]);
    const years = (await get('energy?by=year&from=2025-01-01&to=2026-12-31&serial=1161000001')).body as {
      periods: unknown[];
    };
    expect(years.periods).toEqual([
      { period: '2025', total_wh: 400, inverters: { '1161000001': 400 }, ...noMeter(400) },
      { period: '2026', total_wh: 29_345.7, inverters: { '1161000001': 29_345.7 }, ...noMeter(29_345.7) },
    ]);
  });

  it('answers energy as CSV whose rows begin with the period', async () => {
    const { text } = await get('energy?by=month&from=2026-05-01&to=2026-06-30&format=csv');
    expect(text.split('\r\n')).toEqual([
      'period,total_wh,1161000001_wh,1141000002_wh',
      '2026-05,10000,9000,1000',
      '2026-06,24345.7,20345.7,4000',
      '',
    ]);
  });

  it('answers bad input with a clear message', async () => {
    const cases: [string, number, string][] = [
      ['power', 400, 'date must be a day written YYYY-MM-DD'],
      ['power?date=2026-02-30', 400, 'date must be a day written YYYY-MM-DD'],
      ['power?date=2026-06-21&format=xml', 400, 'format must be json or csv'],
      ['power?date=2026-06-21&serial=999', 404, 'no inverter with serial 999 is recorded'],
      ['energy?by=week&from=2026-06-01&to=2026-06-30', 400, 'by must be day, month or year'],
      ['energy?by=day&from=2026-06-01', 400, 'from and to must be days written YYYY-MM-DD'],
      ['energy?by=day&from=2026-06-30&to=2026-06-01', 400, 'from must not be after to'],
      ['energy?by=day&from=1900-01-01&to=2026-06-01', 400, 'at most 11000 days at once'],
    ];
    for (const [path, status, message] of cases) {
      const answer = await get(path);
      expect([answer.status, answer.body], path).toEqual([status, { message }]);
    }
  });
});

/**
 * The plant's history (issue 33) against real virtual DTUs, each its own process, a morning
 * of simulated time recorded by the companion in front of them: the plant's sums are the
 * devices' own history added up, and a device that never answered is named as lacking.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PLANT_BUCKET_MS,
  type EnergyAnswer,
  type PlantEnergyAnswer,
  type PlantPowerAnswer,
  type PowerAnswer,
} from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ADMIN_AUTH, call, FIXTURE_WEBAPP, freePort, postData, startDevice, tempDir, until } from './helpers';
import type { TestDevice } from './helpers';

/** Two simulated minutes a second: a device's inverters are read about every two minutes. */
const SPEED = 120;
const DAY = '2026-06-21';
/** Buckets of the day each device must have values in before the devices are stopped. */
const BUCKETS = 6;

describe("the plant's history", () => {
  const devices: Record<string, TestDevice> = {};
  let app: FastifyInstance;
  let url: string;
  let dataDir: string;
  const lines: string[] = [];
  /** GET with the admin's login, or with none (`null`). */
  const get = (path: string, auth: string | null = ADMIN_AUTH) =>
    call(`${url}/${path}`, auth ? { auth } : {});
  const own = async <T>(name: string, path: string): Promise<T> => {
    const answer = await get(`dtu/${name}/companion/api/${path}`);
    expect(answer.status, `${name} ${path}`).toBe(200);
    return answer.body as T;
  };
  /** Buckets of the day in which a device's own history has a value. */
  const bucketsOf = (answer: PowerAnswer): Set<number> =>
    new Set(
      answer.inverters.flatMap(({ points }) =>
        points.filter(([, ac]) => ac !== null).map(([t]) => Math.floor((t - answer.from) / PLANT_BUCKET_MS)),
      ),
    );

  beforeAll(async () => {
    // roof: the demo's three inverters; barn: two. Both at the same late morning, fast.
    const speed = ['--speed', String(SPEED)];
    const [roof, barn] = await Promise.all([
      startDevice(`${DAY}T10:30`, speed),
      startDevice(`${DAY}T10:30`, ['--inverters', '2', ...speed]),
    ]);
    devices.roof = roof!;
    devices.barn = barn!;
    dataDir = await tempDir('plant-history');
    // shed: a device that has never answered (nothing listens on its port).
    const shed = new URL(`http://127.0.0.1:${await freePort()}/`);
    app = await buildApp({
      webappDir: FIXTURE_WEBAPP,
      devices: [
        ['roof', roof!.url],
        ['barn', barn!.url],
        ['shed', shed],
      ].map(([name, deviceUrl]) => ({
        name: name as string,
        deviceUrl: deviceUrl as URL,
        dataDir: join(dataDir, name as string),
        password: 'openDTU42',
        speed: SPEED,
        log: (line: string) => lines.push(line),
      })),
      log: (line) => lines.push(line),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address !== 'object') throw new Error('no address');
    url = `http://127.0.0.1:${address.port}`;
    await until(
      async () => {
        for (const name of ['roof', 'barn']) {
          const answer = await get(`dtu/${name}/companion/api/power?date=${DAY}`);
          if (answer.status !== 200 || bucketsOf(answer.body as PowerAnswer).size < BUCKETS) return false;
        }
        return true;
      },
      60_000,
      `${BUCKETS} buckets of power on each device`,
    );
    // The barn asks for a login to read; the companion learns it (and the admin's login)
    // while the barn still answers, and keeps what it learnt once the barn is gone.
    const saved = await postData(`${url}/dtu/barn/api/security/config`, {
      password: 'openDTU42',
      allow_readonly: false,
    });
    expect(saved.body).toMatchObject({ type: 'success' });
    await until(
      async () => (await get(`dtu/barn/companion/api/power?date=${DAY}`, null)).status === 401,
      // At the latest when the companion asks the barn's rule again (device/access.ts).
      20_000,
      "the barn's new rule",
    );
    await own('barn', `power?date=${DAY}`);
    // Stopped, the devices record no more: the plant's answers and theirs are of one moment
    // once the companion has lost both sockets (it writes what it holds as a socket goes).
    await Promise.all([devices.roof.stop(), devices.barn.stop()]);
    for (const device of [devices.roof, devices.barn])
      await until(
        () =>
          lines.some((line) => line.includes(`Lost the connection to the device at ${device.url.origin}`)),
        20_000,
        `${device.url.origin} gone`,
      );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await Promise.all(Object.values(devices).map((device) => device.remove()));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("sums the devices' own curves per five minutes, and names the device that never answered", async () => {
    const plant = (await get(`companion/api/plant/power?date=${DAY}`)).body as PlantPowerAnswer;
    const roof = await own<PowerAnswer>('roof', `power?date=${DAY}`);
    const barn = await own<PowerAnswer>('barn', `power?date=${DAY}`);
    expect(plant).toMatchObject({
      date: DAY,
      timezone: roof.timezone,
      from: roof.from,
      to: roof.to,
      bucket_ms: PLANT_BUCKET_MS,
      devices: [
        { name: 'roof', unavailable: null, timezone: roof.timezone },
        { name: 'barn', unavailable: null, timezone: barn.timezone },
        {
          name: 'shed',
          unavailable: 'The device does not answer, so its access rule is unknown',
          timezone: null,
        },
      ],
    });
    expect(plant.points).toHaveLength(288);
    expect(plant.points.map((point) => point.t)).toEqual(
      Array.from({ length: 288 }, (_, i) => roof.from + i * PLANT_BUCKET_MS),
    );

    // Each device's own rows, bucketed here by hand: per inverter the mean, then added.
    const bucketed = (answer: PowerAnswer): Map<number, number> => {
      const sums = new Map<number, number>();
      for (const { points } of answer.inverters) {
        const samples = new Map<number, number[]>();
        for (const [t, ac] of points) {
          if (ac === null) continue;
          const bucket = Math.floor((t - answer.from) / PLANT_BUCKET_MS);
          samples.set(bucket, [...(samples.get(bucket) ?? []), ac]);
        }
        for (const [bucket, values] of samples) {
          sums.set(bucket, (sums.get(bucket) ?? 0) + values.reduce((a, b) => a + b, 0) / values.length);
        }
      }
      return sums;
    };
    const expected = { roof: bucketed(roof), barn: bucketed(barn) };
    expect(expected.roof.size).toBeGreaterThanOrEqual(BUCKETS);
    expect(expected.barn.size).toBeGreaterThanOrEqual(BUCKETS);
    let both = 0;
    plant.points.forEach((point, bucket) => {
      const roofW = expected.roof.get(bucket) ?? null;
      const barnW = expected.barn.get(bucket) ?? null;
      const where = `bucket ${bucket}`;
      expect(point.devices.shed, where).toBeNull();
      // The plant writes one decimal, as the devices do: each value within half of it.
      for (const [name, w] of [
        ['roof', roofW],
        ['barn', barnW],
      ] as const) {
        if (w === null) expect(point.devices[name], where).toBeNull();
        else expect(Math.abs(point.devices[name]! - w), where).toBeLessThanOrEqual(0.05 + 1e-9);
      }
      const present = [roofW, barnW].filter((w) => w !== null);
      if (present.length === 0) expect(point.sum_w, where).toBeNull();
      else
        expect(Math.abs(point.sum_w! - present.reduce((a, b) => a + b, 0)), where).toBeLessThanOrEqual(
          0.1 + 1e-9,
        );
      expect(point.lacking, where).toEqual(
        [roofW === null && 'roof', barnW === null && 'barn', 'shed'].filter(Boolean),
      );
      if (roofW !== null && barnW !== null && roofW > 0 && barnW > 0) both += 1;
    });
    // The morning was recorded on both: most of its buckets hold both devices' power.
    expect(both).toBeGreaterThanOrEqual(BUCKETS - 2);
  });

  it("sums the devices' own energy per day, month and year", async () => {
    const cases = [
      ['day', '2026-06-20', '2026-06-21'],
      ['month', '2026-05-01', '2026-06-30'],
      ['year', '2026-01-01', '2026-12-31'],
    ] as const;
    for (const [by, from, to] of cases) {
      const path = `energy?by=${by}&from=${from}&to=${to}`;
      const plant = (await get(`companion/api/plant/${path}`)).body as PlantEnergyAnswer;
      const roof = await own<EnergyAnswer>('roof', path);
      const barn = await own<EnergyAnswer>('barn', path);
      expect(plant.devices.map((device) => [device.name, device.unavailable === null])).toEqual([
        ['roof', true],
        ['barn', true],
        ['shed', false],
      ]);
      expect(
        plant.periods.map((period) => period.period),
        by,
      ).toEqual(roof.periods.map((period) => period.period));
      plant.periods.forEach((period, index) => {
        const roofWh = roof.periods[index]!.total_wh;
        const barnWh = barn.periods[index]!.total_wh;
        expect(period.devices, `${by} ${period.period}`).toEqual({ roof: roofWh, barn: barnWh, shed: null });
        const present = [roofWh, barnWh].filter((wh) => wh !== null);
        expect(period.total_wh, `${by} ${period.period}`).toBe(
          present.length ? Math.round(present.reduce((a, b) => a + b, 0) * 10) / 10 : null,
        );
        expect(period.lacking).toEqual(
          [roofWh === null && 'roof', barnWh === null && 'barn', 'shed'].filter(Boolean),
        );
      });
      // The 21st, June and 2026 hold the morning's energy of both devices.
      const recorded = plant.periods.find((period) => DAY.startsWith(period.period))!;
      expect(recorded.devices.roof, by).toBeGreaterThan(0);
      expect(recorded.devices.barn, by).toBeGreaterThan(0);
    }
  });

  it('answers CSV: a header line, then the sum, who lacks and one column per device', async () => {
    const power = await get(`companion/api/plant/power?date=${DAY}&format=csv`);
    expect(power.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(power.headers.get('content-disposition')).toBe(`attachment; filename="plant-power-${DAY}.csv"`);
    const json = (await get(`companion/api/plant/power?date=${DAY}`)).body as PlantPowerAnswer;
    const [header, ...rows] = power.text.trimEnd().split('\r\n');
    expect(header).toBe('time,sum_w,lacking,roof_w,barn_w,shed_w');
    const withValues = json.points.filter((point) => point.sum_w !== null);
    expect(rows).toHaveLength(withValues.length);
    const first = withValues[0]!;
    const minutes = (first.t - json.from) / 60_000;
    const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    expect(rows[0]).toBe(
      [
        `${DAY}T${clock}:00+02:00`,
        first.sum_w,
        first.lacking.join(' '),
        first.devices.roof ?? '',
        first.devices.barn ?? '',
        '',
      ].join(','),
    );

    const energy = await get('companion/api/plant/energy?by=month&from=2026-05-01&to=2026-06-30&format=csv');
    expect(energy.headers.get('content-disposition')).toBe(
      'attachment; filename="plant-energy-month-2026-05-01-2026-06-30.csv"',
    );
    const months = (
      (await get('companion/api/plant/energy?by=month&from=2026-05-01&to=2026-06-30'))
        .body as PlantEnergyAnswer
    ).periods;
    expect(energy.text.split('\r\n')).toEqual([
      'period,total_wh,lacking,roof_wh,barn_wh,shed_wh',
      '2026-05,,roof barn shed,,,',
      `2026-06,${months[1]!.total_wh},shed,${months[1]!.devices.roof},${months[1]!.devices.barn},`,
      '',
    ]);
  });

  it('asks for a login when a device does, whatever the others say', async () => {
    for (const path of [`power?date=${DAY}`, 'energy?by=day&from=2026-06-01&to=2026-06-30']) {
      const refused = await get(`companion/api/plant/${path}`, null);
      expect([refused.status, refused.body], path).toEqual([401, { message: 'Unauthorized' }]);
      expect(refused.headers.get('www-authenticate')).toBeNull();
      expect((await get(`companion/api/plant/${path}`, ADMIN_AUTH)).status, path).toBe(200);
    }
  });

  it('answers bad input with the history’s messages', async () => {
    const cases: [string, string][] = [
      ['power', 'date must be a day written YYYY-MM-DD'],
      ['power?date=2026-02-30', 'date must be a day written YYYY-MM-DD'],
      [`power?date=${DAY}&format=xml`, 'format must be json or csv'],
      ['energy?by=week&from=2026-06-01&to=2026-06-30', 'by must be day, month or year'],
      ['energy?by=day&from=2026-06-01', 'from and to must be days written YYYY-MM-DD'],
      // The devices' own checks, passed on.
      ['energy?by=day&from=2026-06-30&to=2026-06-01', 'from must not be after to'],
      ['energy?by=day&from=1900-01-01&to=2026-06-01', 'at most 11000 days at once'],
    ];
    for (const [path, message] of cases) {
      const answer = await get(`companion/api/plant/${path}`);
      expect([answer.status, answer.body], path).toEqual([400, { message }]);
    }
  });
});

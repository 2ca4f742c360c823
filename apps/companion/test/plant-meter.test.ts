/**
 * The plant's own grid meter (issue 45): two virtual DTUs behind one house connection, the
 * house's meter given to the plant (a --meter without a device's name). The plant answers
 * its reading, its energy with the meter's flow, and its day of flow; each device keeps no
 * meter of its own.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EnergyAnswer, FlowAnswer, MeterAnswer, PlantEnergyAnswer } from '@opendtu/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseMeterSpec } from '../src/meter/meter-spec';
import { ADMIN_AUTH, call, FIXTURE_WEBAPP, startDevice, tempDir, until, type TestDevice } from './helpers';
import { startHouse, type House } from './house';

const SPEED = 120;
const DAY = '2026-06-21';

describe("the plant's grid meter", () => {
  let house: House;
  let barn: TestDevice;
  let app: FastifyInstance;
  let url: string;
  let dataDir: string;
  const lines: string[] = [];
  const get = async <T>(path: string): Promise<T> => {
    const answer = await call(`${url}/${path}`, { auth: ADMIN_AUTH });
    expect(answer.status, path).toBe(200);
    return answer.body as T;
  };

  beforeAll(async () => {
    const time = `${DAY}T11:00`;
    const speed = ['--speed', String(SPEED)];
    [house, barn] = await Promise.all([
      startHouse(await tempDir('plant-meter-house'), time, speed),
      startDevice(time, ['--inverters', '2', ...speed]),
    ]);
    dataDir = await tempDir('plant-meter');
    app = await buildApp({
      webappDir: FIXTURE_WEBAPP,
      devices: [
        ['house', house.device.url],
        ['barn', barn.url],
      ].map(([name, deviceUrl]) => ({
        name: name as string,
        deviceUrl: deviceUrl as URL,
        dataDir: join(dataDir, 'devices', name as string),
        password: 'openDTU42',
        speed: SPEED,
        log: (line: string) => lines.push(line),
      })),
      plantMeter: {
        spec: parseMeterSpec(`tasmota:${house.meterUrl}`),
        saved: undefined,
        dataDir: join(dataDir, 'plant'),
      },
      log: (line) => lines.push(line),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await house?.stop();
    await barn?.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads the house meter for the plant, and records its flow beside both devices’ production', async () => {
    await until(
      async () => (await get<MeterAnswer>('companion/api/plant/meter')).state === 'fresh',
      30_000,
      'a reading',
    );
    expect(lines).toContain(
      "[plant] The plant's grid meter: tasmota:" +
        new URL('cm?cmnd=Status%2010', `${house.meterUrl}/`).href +
        '#StatusSNS.SML.Power_curr',
    );
    // Each device has no meter of its own.
    expect((await get<MeterAnswer>('dtu/house/companion/api/meter')).state).toBe('off');
    // Some simulated minutes of both devices and the meter.
    await until(
      async () => {
        const [period] = (
          await get<PlantEnergyAnswer>(`companion/api/plant/energy?by=day&from=${DAY}&to=${DAY}`)
        ).periods;
        return (period?.exported_wh ?? 0) > 50 && period!.lacking.length === 0;
      },
      60_000,
      'the plant exporting',
    );
    const [period] = (await get<PlantEnergyAnswer>(`companion/api/plant/energy?by=day&from=${DAY}&to=${DAY}`))
      .periods;
    const devices = await Promise.all(
      ['house', 'barn'].map((name) =>
        get<EnergyAnswer>(`dtu/${name}/companion/api/energy?by=day&from=${DAY}&to=${DAY}`),
      ),
    );
    const produced = devices.reduce((sum, answer) => sum + answer.periods[0]!.total_wh!, 0);
    expect(period!.produced_wh).toBeCloseTo(produced, 0);
    expect(period!.produced_wh! - period!.self_used_wh! - period!.exported_wh!).toBeCloseTo(0, 0);
    expect(period!.consumption_wh! - period!.self_used_wh! - period!.imported_wh!).toBeCloseTo(0, 0);
    // The plant's day: its slots carry the plant meter's grid, the day's figures the same sums.
    const flow = await get<FlowAnswer>(`companion/api/plant/flow?date=${DAY}`);
    expect(flow.points).toHaveLength(288);
    const exported = flow.points.reduce((sum, row) => sum + (row[3] ?? 0), 0);
    expect(exported).toBeCloseTo(flow.day.exported_wh!, -1);
    expect(flow.day.produced_wh).toBeGreaterThan(0);
    // Reading it follows the devices' rule; changing it needs their admin.
    expect((await call(`${url}/companion/api/plant/meter/settings`)).status).toBe(401);
  }, 120_000);
});

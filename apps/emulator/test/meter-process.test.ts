/* eslint-disable @typescript-eslint/no-explicit-any -- meter answers are checked field by field */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchedEmulator } from '../src/launch';
import { createHousehold } from '../src/sim/household';
import { ADMIN_AUTH, launchTestProcess } from './helpers';
import { firstClearDay, meterUrlOf } from './meter-helpers';
import { HM, HMS, HMT } from './runtime-helpers';

/**
 * Issue 32: the emulator started as a user would, with `--household --meter-port 0
 * --meter-mqtt ...`, on a clear June afternoon. The meter is read over HTTP in its three
 * forms and over MQTT; the house behind it is the same model the test builds from the seed.
 */
const SEED = 11;
/** The device's default zone in June (CEST). */
const UTC_OFFSET_S = 7200;
const house = createHousehold(SEED, () => UTC_OFFSET_S);

let dataDir: string;
let child: LaunchedEmulator | undefined;
let meterUrl: string;
let broker: Aedes;
let brokerServer: Server;
let brokerPort: number;

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function getJson(url: string): Promise<any> {
  const response = await fetch(url, { headers: { authorization: ADMIN_AUTH } });
  expect(response.status).toBe(200);
  return response.json();
}

/**
 * A start in the afternoon of `day` (13:00-16:00 local) after which the house stays calm
 * for 5 minutes (standby, fridge, the home office): power then changes only through the
 * inverters, whatever the test waits for.
 */
function calmAfternoon(day: number): number {
  const calm = new Set(['standby', 'fridge', 'computer']);
  for (let minute = 13 * 60; minute < 16 * 60; minute += 5) {
    const start = day + (minute * 60 - UTC_OFFSET_S) * 1000;
    let quiet = true;
    for (let s = 0; s < 300 && quiet; s += 5) {
      quiet = house.activity(start + s * 1000).every((draw) => calm.has(draw.appliance));
    }
    if (quiet) return start;
  }
  throw new Error('no calm afternoon');
}

/** Device-local wall-clock text for `--time` (no zone: the device's own clock). */
const deviceLocal = (epochMs: number): string =>
  new Date(epochMs + UTC_OFFSET_S * 1000).toISOString().slice(0, 16);

beforeAll(async () => {
  broker = await Aedes.createBroker();
  brokerServer = createServer(broker.handle);
  await new Promise<void>((done) => brokerServer.listen(0, '127.0.0.1', done));
  brokerPort = (brokerServer.address() as AddressInfo).port;
  dataDir = await mkdtemp(join(tmpdir(), 'opendtu-meter-'));
  const start = calmAfternoon(firstClearDay(dataDir));
  child = await launchTestProcess(dataDir, deviceLocal(start), [
    '--household',
    '--household-seed',
    String(SEED),
    '--meter-port',
    '0',
    '--meter-mqtt',
    `mqtt://127.0.0.1:${brokerPort}/tele/meter/SENSOR`,
  ]);
  meterUrl = await meterUrlOf(child);
  expect(meterUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
}, 60_000);

afterAll(async () => {
  await child?.stop();
  await new Promise<void>((done) => brokerServer.close(() => done()));
  await new Promise<void>((done) => broker.close(() => done()));
  await rm(dataDir, { recursive: true, force: true });
});

describe('grid meter (--household --meter-port)', () => {
  it('answers as Shelly Pro 3EM, Shelly 3EM and Tasmota SML with one consistent reading', async () => {
    const [pro, gen1, tasmota] = await Promise.all([
      getJson(`${meterUrl}/rpc/EM.GetStatus?id=0`),
      getJson(`${meterUrl}/status`),
      getJson(`${meterUrl}/cm?cmnd=Status%2010`),
    ]);
    const proTotal: number = pro.total_act_power;
    // Each form adds up: the phases make the total.
    const proPhases = ['a', 'b', 'c'].map((p) => pro[`${p}_act_power`] as number);
    expect(proPhases.reduce((sum, p) => sum + p, 0)).toBeCloseTo(proTotal, 0);
    const gen1Phases = gen1.emeters.map((e: any) => e.power as number);
    expect(gen1.emeters).toHaveLength(3);
    expect(gen1Phases.reduce((sum: number, p: number) => sum + p, 0)).toBeCloseTo(gen1.total_power, 0);
    for (const p of ['a', 'b', 'c']) {
      expect(pro[`${p}_current`] * pro[`${p}_voltage`]).toBeCloseTo(pro[`${p}_aprt_power`], -1);
      expect(pro[`${p}_voltage`]).toBeGreaterThan(220);
      expect(pro[`${p}_voltage`]).toBeLessThan(240);
    }
    expect(pro).toMatchObject({ id: 0, n_current: null, user_calibrated_phase: [] });
    expect(tasmota.StatusSNS.Time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(Object.keys(tasmota.StatusSNS.SML)).toEqual(['Total_in', 'Total_out', 'Power_curr']);
    // A clear afternoon: the house exports. The three answers were read within moments,
    // so they agree up to the inverters' second-to-second wobble.
    expect(proTotal).toBeLessThan(-1000);
    const spread = Math.abs(proTotal) * 0.05 + 60;
    expect(Math.abs(gen1.total_power - proTotal)).toBeLessThan(spread);
    expect(Math.abs(tasmota.StatusSNS.SML.Power_curr - proTotal)).toBeLessThan(spread);
  });

  it('reads the house minus what the inverters feed', async () => {
    const gen1 = await getJson(`${meterUrl}/status`);
    const live = await getJson(`${child!.url}/api/livedata/status`);
    const load = house.load(gen1.unixtime * 1000 + 500);
    const fedByMeter = load - gen1.total_power;
    const fedByDtu: number = live.total.Power.v;
    expect(fedByDtu).toBeGreaterThan(1000);
    // The DTU's figure is up to one poll round old; under a clear sky that is a few percent.
    expect(Math.abs(fedByMeter - fedByDtu)).toBeLessThan(fedByDtu * 0.06 + 80);
  });

  it('publishes the same reading over MQTT as a Tasmota SML sensor message', async () => {
    const watcher = await mqtt.connectAsync({ host: '127.0.0.1', port: brokerPort });
    try {
      const message = new Promise<any>((resolve) =>
        watcher.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
      );
      await watcher.subscribeAsync('tele/meter/SENSOR');
      const published = await message;
      const tasmota = await getJson(`${meterUrl}/cm?cmnd=Status%2010`);
      expect(Object.keys(published)).toEqual(['Time', 'SML']);
      const now: number = tasmota.StatusSNS.SML.Power_curr;
      expect(Math.abs(published.SML.Power_curr - now)).toBeLessThan(Math.abs(now) * 0.05 + 60);
      expect(published.SML.Total_out).toBeLessThanOrEqual(tasmota.StatusSNS.SML.Total_out);
    } finally {
      await watcher.endAsync(true);
    }
  });

  it('follows a limit set through the device API: Ok first, then the reading ramps over seconds', async () => {
    const before: number = (await getJson(`${meterUrl}/rpc/EM.GetStatus?id=0`)).total_act_power;
    for (const serial of [HM, HMS, HMT]) {
      const response = await fetch(`${child!.url}/api/limit/config`, {
        method: 'POST',
        headers: { authorization: ADMIN_AUTH, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: JSON.stringify({ serial, limit_value: 0, limit_type: 1 }) }),
      });
      expect(((await response.json()) as { code: number }).code).toBe(1001);
    }
    // Meter first, then the DTU's status: a moved meter with a status read after it shows
    // whether the DTU had its answer before the power changed.
    const samples: { power: number; allOk: boolean; load: number }[] = [];
    for (let i = 0; i < 150; i += 1) {
      const gen1 = await getJson(`${meterUrl}/status`);
      const status = await getJson(`${child!.url}/api/limit/status`);
      const allOk = [HM, HMS, HMT].every((serial) => status[serial].limit_set_status === 'Ok');
      const load = house.load(gen1.unixtime * 1000 + 500);
      samples.push({ power: gen1.total_power, allOk, load });
      // Done once nothing is fed any more: the meter reads the house alone.
      if (Math.abs(gen1.total_power - load) < 60) break;
      await wait(150);
    }
    const last = samples.at(-1)!;
    expect(Math.abs(last.power - last.load)).toBeLessThan(60);
    expect(last.power).toBeGreaterThan(0);
    const moved = samples.findIndex((s) => s.power > before + 150);
    expect(moved).toBeGreaterThanOrEqual(0);
    expect(samples[moved]!.allOk).toBe(true);
    // A ramp, not a jump: several readings on the way from export to import.
    const onTheWay = samples.filter((s) => s.power > before + 150 && s.power < s.load - 150);
    expect(onTheWay.length).toBeGreaterThanOrEqual(3);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { LIMIT_DELAY_MS } from '../src/sim/limit-ramp';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestDevice, type TestDevice } from './helpers';
import { firstClearDay } from './meter-helpers';
import { HM, HMS, advance, get, post } from './runtime-helpers';

/**
 * Issue 32: a limit reaches the output as on a real inverter. The DTU's "Ok" comes with
 * the inverter's answer (within the command's 2 s timeout); the output starts moving 2-6 s
 * later and ramps. Here on the manual clock, in 100 ms steps, through the device API; the
 * output is the inverter's AC power on the wire, which a grid meter sees at once.
 */
let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

/** What the inverter feeds right now, W (the wire, not the DTU's last reading). */
function feeding(device: TestDevice, serial: string): number {
  const inverter = device.app.device.inverters.find(Number.parseInt(serial, 16));
  if (!inverter) throw new Error(`no inverter ${serial}`);
  return inverter.physical.ac.power;
}

/** A device whose day is clear (the output depends on the limit, not on clouds), at 12:00 CEST. */
async function clearNoonDevice(): Promise<TestDevice> {
  const dataDir = await mkdtemp(join(tmpdir(), 'opendtu-emu-'));
  const device = await startTestDevice({ dataDir, start: firstClearDay(dataDir) + 10 * 3_600_000 });
  const close = device.close;
  device.close = async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  };
  return device;
}

const limitStatus = async (device: TestDevice, serial: string): Promise<string> =>
  (await get(device, '/api/limit/status'))[serial].limit_set_status;

interface Sample {
  afterMs: number;
  status: string;
  watts: number;
}

/** Sets a limit and follows status and output every 100 ms for `forMs`. */
async function follow(device: TestDevice, serial: string, data: object, forMs: number): Promise<Sample[]> {
  expect((await post(device, '/api/limit/config', { serial, ...data })).code).toBe(1001);
  const samples: Sample[] = [];
  for (let afterMs = 100; afterMs <= forMs; afterMs += 100) {
    advance(device, 100);
    samples.push({ afterMs, status: await limitStatus(device, serial), watts: feeding(device, serial) });
  }
  return samples;
}

describe('a limit takes effect as on a real inverter (issue 32)', () => {
  it('Ok first, then the output starts to fall 2-6 s later and ramps down to the limit', async () => {
    dev = await clearNoonDevice();
    advance(dev, 30_000);
    const before = feeding(dev, HMS);
    expect(before).toBeGreaterThan(1000);
    const samples = await follow(dev, HMS, { limit_value: 5, limit_type: 1 }, 15_000);

    const firstOk = samples.find((s) => s.status === 'Ok');
    const moved = samples.find((s) => s.watts < before * 0.9);
    expect(firstOk && moved).toBeTruthy();
    // Acknowledged at once, with the output still where it was.
    expect(firstOk!.afterMs).toBeLessThanOrEqual(200);
    const atOk = samples.filter((s) => s.afterMs < LIMIT_DELAY_MS.min);
    for (const s of atOk) expect(Math.abs(s.watts - before)).toBeLessThan(before * 0.06);
    // The output moves only after the inverter's delay...
    expect(moved!.afterMs).toBeGreaterThanOrEqual(LIMIT_DELAY_MS.min);
    expect(moved!.afterMs).toBeLessThanOrEqual(LIMIT_DELAY_MS.max + 1500);
    expect(moved!.status).toBe('Ok');
    // ...and ramps: several readings between the old output and the limit.
    const between = samples.filter((s) => s.watts < before * 0.9 && s.watts > 110);
    expect(between.length).toBeGreaterThanOrEqual(3);
    const falling = between.every((s, i) => i === 0 || s.watts <= between[i - 1]!.watts + before * 0.03);
    expect(falling).toBe(true);
    expect(samples.at(-1)!.watts).toBeLessThanOrEqual(100.5);
  });

  it('ramps up again after a higher limit, with the same delay', async () => {
    dev = await clearNoonDevice();
    advance(dev, 30_000);
    await follow(dev, HM, { limit_value: 10, limit_type: 1 }, 20_000);
    expect(feeding(dev, HM)).toBeLessThanOrEqual(80.5);
    const samples = await follow(dev, HM, { limit_value: 100, limit_type: 1 }, 20_000);
    const rose = samples.find((s) => s.watts > 100);
    expect(rose!.afterMs).toBeGreaterThanOrEqual(LIMIT_DELAY_MS.min);
    expect(samples.find((s) => s.status === 'Ok')!.afterMs).toBeLessThan(rose!.afterMs);
    const final = samples.at(-1)!.watts;
    expect(final).toBeGreaterThan(100);
    const climbing = samples.filter((s) => s.watts > 90 && s.watts < final * 0.9);
    expect(climbing.length).toBeGreaterThanOrEqual(2);
  });

  it('forgets a non-persistent limit when the inverter restarts, keeps a persistent one', async () => {
    dev = await clearNoonDevice();
    advance(dev, 30_000);
    await follow(dev, HM, { limit_value: 10, limit_type: 1 }, 12_000);
    await follow(dev, HMS, { limit_value: 5, limit_type: 257 }, 12_000);
    for (const serial of [HM, HMS]) {
      expect((await post(dev, '/api/power/config', { serial, restart: true })).code).toBe(1001);
    }
    // Outage, reconnect time (60 s) and soft start.
    for (let i = 0; i < 100; i += 1) advance(dev, 1000);
    expect(feeding(dev, HM)).toBeGreaterThan(80.5);
    expect(feeding(dev, HMS)).toBeLessThanOrEqual(100.5);
    expect(feeding(dev, HMS)).toBeGreaterThan(0);
  });

  it('a sleeping inverter hears nothing: Failure, and its limit stays as it was', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T00:00:00Z') });
    advance(dev, 60_000);
    const samples = await follow(dev, HM, { limit_value: 20, limit_type: 257 }, 12_000);
    expect(samples[0]!.status).toBe('Pending');
    expect(samples.at(-1)!.status).toBe('Failure');
    const inverter = dev.app.device.inverters.find(Number.parseInt(HM, 16))!;
    expect(inverter.physical.limit).toBe(100);
    expect((await get(dev, '/api/limit/status'))[HM].limit_relative).toBe(0);
  });
});

/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { afterEach, describe, expect, it } from 'vitest';
import { dataForm, startTestDevice, type TestDevice } from './helpers';

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

const HM = '114181234569';
const HMS = '116491234568';

function advance(device: TestDevice, ms: number): void {
  device.clock.advance(ms);
  device.app.device.inverters.step(device.clock.now());
}

async function post(device: TestDevice, url: string, data: unknown): Promise<any> {
  return (await device.app.inject({ method: 'POST', url, ...dataForm(data) })).json();
}

async function get(device: TestDevice, url: string): Promise<any> {
  return (await device.app.inject({ method: 'GET', url })).json();
}

async function inverter(device: TestDevice, serial: string): Promise<any> {
  return (await get(device, `/api/livedata/status?inv=${serial}`)).inverters[0];
}

describe('POST /api/limit/config (contract §9.2)', () => {
  it('checks fields in the device order with its codes', async () => {
    dev = await startTestDevice();
    const cases: [unknown, number][] = [
      [{ serial: HM, limit_value: 50 }, 1005],
      [{ serial: HM, limit_value: 50, limit_type: 1.5 }, 1005],
      // `is<uint16>` refuses a float literal even when its value is whole.
      [`{"serial":"${HM}","limit_value":50,"limit_type":1.0}`, 1005],
      [{ serial: 5, limit_value: 50, limit_type: 1 }, 1005],
      [{ serial: 'xyz', limit_value: 50, limit_type: 1 }, 5001],
      [{ serial: HM, limit_value: 2251, limit_type: 1 }, 5002],
      [{ serial: HM, limit_value: 50, limit_type: 2 }, 5003],
      [{ serial: '112233445566', limit_value: 50, limit_type: 1 }, 5004],
      [{ serial: HM, limit_value: -5, limit_type: 0 }, 1001],
    ];
    for (const [data, code] of cases) expect((await post(dev, '/api/limit/config', data)).code).toBe(code);
    const tooHigh = await post(dev, '/api/limit/config', { serial: HM, limit_value: 3000, limit_type: 0 });
    expect(tooHigh).toMatchObject({ type: 'warning', code: 5002, param: { max: 2250 } });
  });

  it('goes Pending -> Ok and cuts AC power within the next poll', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 30_000);
    const answer = await post(dev, '/api/limit/config', { serial: HMS, limit_value: 5, limit_type: 1 });
    expect(answer).toEqual({ type: 'success', message: 'Settings saved!', code: 1001 });
    expect((await get(dev, '/api/limit/status'))[HMS].limit_set_status).toBe('Pending');
    // The poll interval is 5 s and there are 3 inverters: 15 s covers the next poll of this one.
    advance(dev, 16_000);
    const status = (await get(dev, '/api/limit/status'))[HMS];
    expect(status).toEqual({ limit_relative: 5, max_power: 2000, limit_set_status: 'Ok' });
    advance(dev, 15_000);
    const live = await inverter(dev, HMS);
    expect(live.limit_relative).toBe(5);
    expect(live.limit_absolute).toBe(100);
    expect(live.AC['0'].Power.v).toBeLessThanOrEqual(100.5);
  });

  it('applies an absolute limit in W against the model power', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 30_000);
    await post(dev, '/api/limit/config', { serial: HM, limit_value: 200, limit_type: 256 });
    advance(dev, 31_000);
    const live = await inverter(dev, HM);
    expect(live.limit_relative).toBe(25);
    expect(live.AC['0'].Power.v).toBeLessThanOrEqual(200.5);
  });

  it('fails while the inverter sleeps, and keeps re-sending on every poll turn', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T00:00:00Z') });
    advance(dev, 60_000);
    await post(dev, '/api/limit/config', { serial: HM, limit_value: 50, limit_type: 1 });
    advance(dev, 12_000);
    expect((await get(dev, '/api/limit/status'))[HM].limit_set_status).toBe('Failure');
    const before = (await inverter(dev, HM)).radio_stats.tx_request;
    advance(dev, 15_000);
    const after = await inverter(dev, HM);
    expect(after.radio_stats.tx_request).toBeGreaterThan(before);
    expect(['Pending', 'Failure']).toContain((await get(dev, '/api/limit/status'))[HM].limit_set_status);
  });

  it('answers success but drops the command while commands are disabled at night', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T00:00:00Z') });
    const slot = dev.app.device.config.get().inverters[0];
    if (!slot) throw new Error('no slot');
    slot.command_enable_night = false;
    await dev.app.device.saveConfig('inverters');
    advance(dev, 61_000);
    const answer = await post(dev, '/api/limit/config', { serial: HM, limit_value: 50, limit_type: 1 });
    expect(answer.code).toBe(1001);
    expect((await get(dev, '/api/limit/status'))[HM].limit_set_status).toBe('Ok');
  });
});

describe('POST /api/power/config (contract §9.4)', () => {
  it('checks fields with its codes', async () => {
    dev = await startTestDevice();
    expect((await post(dev, '/api/power/config', { serial: HM })).code).toBe(1005);
    expect((await post(dev, '/api/power/config', { serial: 'zz', power: true })).code).toBe(11001);
    expect((await post(dev, '/api/power/config', { serial: '112233445566', power: true })).code).toBe(11002);
    expect((await post(dev, '/api/power/config', { serial: HM, restart: false })).code).toBe(1001);
  });

  it('fails while the inverter sleeps and re-sends the power command on every poll turn', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T00:00:00Z') });
    advance(dev, 60_000);
    await post(dev, '/api/power/config', { serial: HMS, power: false });
    expect((await get(dev, '/api/power/status'))[HMS].power_set_status).toBe('Pending');
    advance(dev, 11_000);
    expect((await get(dev, '/api/power/status'))[HMS].power_set_status).toBe('Failure');
    const before = (await inverter(dev, HMS)).radio_stats;
    advance(dev, 15_000);
    const after = (await inverter(dev, HMS)).radio_stats;
    // One turn: change channel, statistics, alarm log, and the re-sent command, all unanswered.
    expect(after.tx_request - before.tx_request).toBeGreaterThanOrEqual(4);
    expect(after.rx_fail_nothing - before.rx_fail_nothing).toBe(after.tx_request - before.tx_request);
    expect(after.rx_success).toBe(before.rx_success);
    expect(['Pending', 'Failure']).toContain((await get(dev, '/api/power/status'))[HMS].power_set_status);
  });

  it('turns an inverter off (not producing, still reachable, event 124 open) and on again', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 30_000);
    await post(dev, '/api/power/config', { serial: HM, power: false });
    expect((await get(dev, '/api/power/status'))[HM].power_set_status).toBe('Pending');
    advance(dev, 31_000);
    expect((await get(dev, '/api/power/status'))[HM].power_set_status).toBe('Ok');
    const off = await inverter(dev, HM);
    expect(off.producing).toBe(false);
    expect(off.reachable).toBe(true);
    expect(off.AC['0'].Power.v).toBe(0);
    expect(off.INV['0'].Efficiency.v).toBe(0);
    const log = await get(dev, `/api/eventlog/status?inv=${HM}`);
    expect(log.events.at(-1)).toMatchObject({ message_id: 124, end_time: 0 });
    await post(dev, '/api/power/config', { serial: HM, power: true });
    advance(dev, 90_000);
    expect((await inverter(dev, HM)).producing).toBe(true);
    const closed = await get(dev, `/api/eventlog/status?inv=${HM}`);
    expect(closed.events.find((e: any) => e.message_id === 124).end_time).toBeGreaterThan(0);
  });

  it('restart: the inverter boots (event 1 at that time), stops feeding, then ramps up again', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 30_000);
    expect((await inverter(dev, HMS)).producing).toBe(true);
    await post(dev, '/api/power/config', { serial: HMS, restart: true });
    const restartedAt = dev.clock.now();
    // Two poll turns: the first statistics show the new alarm counter, the next turn fetches the log.
    advance(dev, 35_000);
    expect((await get(dev, '/api/power/status'))[HMS].power_set_status).toBe('Ok');
    const down = await inverter(dev, HMS);
    expect(down.producing).toBe(false);
    expect(down.AC['0'].Power.v).toBe(0);
    const log = await get(dev, `/api/eventlog/status?inv=${HMS}`);
    const start = log.events.filter((e: any) => e.message_id === 1).at(-1);
    // Seconds of the local (CEST) day: the restart, not this morning's wake-up.
    const restartSecond = (Math.floor(restartedAt / 1000) + 7200) % 86_400;
    expect(start.start_time).toBeGreaterThanOrEqual(restartSecond);
    expect(start.start_time).toBeLessThan(restartSecond + 15);
    advance(dev, 75_000);
    expect((await inverter(dev, HMS)).producing).toBe(true);
  });

  it('restart: a short outage, then YieldDay starts from 0 again', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 30_000);
    const before = (await inverter(dev, HMS)).INV['0'].YieldDay.v;
    expect(before).toBeGreaterThan(100);
    await post(dev, '/api/power/config', { serial: HMS, restart: true });
    advance(dev, 30_000);
    const after = await inverter(dev, HMS);
    expect(after.INV['0'].YieldDay.v).toBeLessThan(before);
    expect(after.INV['0'].YieldDay.v).toBeLessThan(20);
  });
});

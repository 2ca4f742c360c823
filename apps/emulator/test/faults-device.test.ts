/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestDevice, type TestDevice } from './helpers';
import { HM, HMS, HMT, advance, cestSecondOfDay, get, liveOf, post } from './runtime-helpers';

// Each fault is set through the emulator's own endpoint and seen through the device's
// API, as a client (the web app, the companion) would see it happen.

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

async function setFault(device: TestDevice, fault: object): Promise<{ status: number; body: any }> {
  const response = await device.app.inject({
    method: 'POST',
    url: '/emulator/faults',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(fault),
  });
  return { status: response.statusCode, body: response.json() };
}

async function clearFaults(device: TestDevice, query = ''): Promise<any> {
  return (await device.app.inject({ method: 'DELETE', url: `/emulator/faults${query}` })).json();
}

/** A device at noon (CEST) in June that has polled each demo inverter a few times. */
async function noonDevice(): Promise<TestDevice> {
  const device = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
  advance(device, 45_000);
  return device;
}

describe('inverter-silent', () => {
  it("lets the inverter's data age and turns it unreachable, the others unaffected", async () => {
    dev = await noonDevice();
    const before = await liveOf(dev, HM);
    expect(before.reachable).toBe(true);
    expect(before.data_age).toBeLessThan(15);
    expect((await setFault(dev, { fault: 'inverter-silent', serial: HM })).status).toBe(200);

    advance(dev, 60_000);
    const silent = await liveOf(dev, HM);
    expect(silent.reachable).toBe(false);
    expect(silent.producing).toBe(true);
    expect(silent.data_age).toBeGreaterThanOrEqual(60);
    expect(silent.radio_stats.rx_fail_nothing).toBeGreaterThan(before.radio_stats.rx_fail_nothing + 2);
    // As off the radio at night: the last values stay in place.
    expect(silent.AC['0'].Power.v).toBe(before.AC['0'].Power.v);
    const other = await liveOf(dev, HMS);
    expect(other.reachable).toBe(true);
    expect(other.data_age).toBeLessThan(15);

    expect((await clearFaults(dev, `?fault=inverter-silent&serial=${HM}`)).cleared).toBe(1);
    advance(dev, 20_000);
    const back = await liveOf(dev, HM);
    expect(back.reachable).toBe(true);
    expect(back.data_age).toBeLessThan(15);
  });
});

describe('string-dark', () => {
  it('takes one DC input to 0 W while the others go on feeding', async () => {
    dev = await noonDevice();
    expect((await liveOf(dev, HMS)).DC['2'].Power.v).toBeGreaterThan(50);
    await setFault(dev, { fault: 'string-dark', serial: HMS, channel: 2 });
    advance(dev, 30_000);
    const dark = await liveOf(dev, HMS);
    expect(dark.DC['2'].Power.v).toBe(0);
    expect(dark.DC['2'].Current.v).toBe(0);
    for (const channel of ['0', '1', '3']) expect(dark.DC[channel].Power.v).toBeGreaterThan(50);
    expect(dark.producing).toBe(true);

    await clearFaults(dev);
    advance(dev, 30_000);
    expect((await liveOf(dev, HMS)).DC['2'].Power.v).toBeGreaterThan(50);
  });

  it("shows a dark input of a shared tracker at its partner's voltage", async () => {
    dev = await noonDevice();
    const lit = (await liveOf(dev, HMT)).DC['0'];
    await setFault(dev, { fault: 'string-dark', serial: HMT, channel: 1 });
    advance(dev, 30_000);
    const { DC } = await liveOf(dev, HMT);
    expect(DC['1'].Power.v).toBe(0);
    expect(DC['1'].Voltage.v).toBe(DC['0'].Voltage.v);
    // The lit input keeps its own operating point, not one at half the voltage.
    expect(DC['0'].Voltage.v).toBeGreaterThan(lit.Voltage.v * 0.9);
    expect(DC['0'].Current.v).toBeLessThan(lit.Current.v * 1.1);
    expect(DC['0'].Power.v).toBeGreaterThan(50);
  });
});

describe('limit-fails', () => {
  it('ends limit and power commands in Failure until cleared, then the re-sent one succeeds', async () => {
    dev = await noonDevice();
    await setFault(dev, { fault: 'limit-fails', serial: HMS });
    expect((await post(dev, '/api/limit/config', { serial: HMS, limit_value: 50, limit_type: 1 })).code).toBe(
      1001,
    );
    await post(dev, '/api/limit/config', { serial: HM, limit_value: 60, limit_type: 1 });
    await post(dev, '/api/power/config', { serial: HMS, restart: true });
    const limitSeen = new Set<string>();
    const powerSeen = new Set<string>();
    for (let s = 0; s < 60; s += 1) {
      advance(dev, 1_000);
      limitSeen.add((await get(dev, '/api/limit/status'))[HMS].limit_set_status);
      powerSeen.add((await get(dev, '/api/power/status'))[HMS].power_set_status);
    }
    expect([...limitSeen].sort()).toEqual(['Failure', 'Pending']);
    expect([...powerSeen].sort()).toEqual(['Failure', 'Pending']);
    expect((await get(dev, '/api/limit/status'))[HM]).toMatchObject({
      limit_set_status: 'Ok',
      limit_relative: 60,
    });

    await clearFaults(dev);
    advance(dev, 31_000);
    expect((await get(dev, '/api/limit/status'))[HMS]).toMatchObject({
      limit_set_status: 'Ok',
      limit_relative: 50,
    });
    expect((await get(dev, '/api/power/status'))[HMS].power_set_status).toBe('Ok');
  });
});

describe('eventlog-entry', () => {
  it("adds the entry to the inverter's log, which the DTU fetches on its next poll", async () => {
    dev = await noonDevice();
    const before = await get(dev, `/api/eventlog/status?inv=${HMS}`);
    const at = dev.clock.now();
    const answer = await setFault(dev, { fault: 'eventlog-entry', serial: HMS, id: 148 });
    // A one-shot fault: nothing stands afterwards.
    expect(answer.body).toEqual({ faults: [], held_requests: 0 });
    advance(dev, 30_000);
    const after = await get(dev, `/api/eventlog/status?inv=${HMS}`);
    expect(after.count).toBe(before.count + 1);
    expect(after.events.at(-1)).toEqual({
      message_id: 148,
      message: 'Grid: Grid disconnection',
      start_time: cestSecondOfDay(at),
      end_time: cestSecondOfDay(at),
    });
    expect((await get(dev, `/api/eventlog/status?inv=${HMS}&locale=de`)).events.at(-1).message).toBe(
      'Netz: Netztrennung',
    );
    expect((await liveOf(dev, HMS)).events).toBe(before.count + 1);
  });
});

describe('the /emulator/faults endpoint', () => {
  it('takes only JSON, so a page of another site cannot post a fault', async () => {
    dev = await startTestDevice();
    const form = await dev.app.inject({
      method: 'POST',
      url: '/emulator/faults',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ fault: 'device-vanish' }),
    });
    expect(form.statusCode).toBe(415);
    expect((await dev.app.inject({ method: 'GET', url: '/emulator/faults' })).json()).toEqual({
      faults: [],
      held_requests: 0,
    });
  });

  it('refuses what it cannot set, saying why', async () => {
    dev = await startTestDevice();
    const notJson = await dev.app.inject({
      method: 'POST',
      url: '/emulator/faults',
      headers: { 'content-type': 'application/json' },
      payload: '{"fault":',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await setFault(dev, { fault: 'inverter-silent', serial: 5 })).status).toBe(400);
    const unknown = await setFault(dev, { fault: 'inverter-silent', serial: '112233445566' });
    expect(unknown).toEqual({
      status: 422,
      body: { error: 'the device runs no inverter with serial 112233445566' },
    });
    // The HM-800 has two inputs.
    const channel = await setFault(dev, { fault: 'string-dark', serial: HM, channel: 2 });
    expect(channel).toEqual({ status: 422, body: { error: `inverter ${HM} has DC channels 0 to 1` } });
    expect((await clearFaults(dev, '?fault=everything')).error).toMatch(/"fault" must be one of/);
    expect((await get(dev, '/emulator/faults')).faults).toEqual([]);
  });

  it('lists the standing faults as they were set', async () => {
    dev = await startTestDevice();
    await setFault(dev, { fault: 'inverter-silent', serial: HM });
    await setFault(dev, { fault: 'string-dark', serial: HMS, channel: 3 });
    const answer = await setFault(dev, { fault: 'limit-fails', serial: HMT });
    const listed = [
      { fault: 'inverter-silent', serial: HM },
      { fault: 'string-dark', serial: HMS, channel: 3 },
      { fault: 'limit-fails', serial: HMT },
    ];
    expect(answer).toEqual({ status: 200, body: { faults: listed, held_requests: 0 } });
    expect(await get(dev, '/emulator/faults')).toEqual({ faults: listed, held_requests: 0 });
    expect(await clearFaults(dev)).toEqual({ cleared: 3, faults: [], held_requests: 0 });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startTestDevice, type TestDevice } from './helpers';
import { HM, HMS, advance, advanceTo, configure, get, liveOf, post } from './runtime-helpers';

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

describe('per-inverter options (inverters.md §7.4)', () => {
  it('yieldday_correction keeps the day growing over a restart, and starts afresh the next day', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T09:00:00Z') });
    await configure(dev, HMS, { yieldday_correction: true });
    await configure(dev, HM, { yieldday_correction: true });
    advance(dev, 60_000);
    const before = (await liveOf(dev, HMS)).INV['0'].YieldDay.v;
    expect(before).toBeGreaterThan(100);
    await post(dev, '/api/power/config', { serial: HMS, restart: true });
    advance(dev, 120_000);
    // The inverter counts from 0 again; the DTU adds its last value as an offset.
    expect((await liveOf(dev, HMS)).INV['0'].YieldDay.v).toBeGreaterThanOrEqual(before);

    advanceTo(dev, Date.parse('2025-06-21T21:00:00Z'));
    const yesterday = (await liveOf(dev, HM)).INV['0'].YieldDay.v;
    // 08:00 CEST the next morning: only the morning's energy, not yesterday's on top.
    advanceTo(dev, Date.parse('2025-06-22T06:00:00Z'));
    const morning = (await liveOf(dev, HM)).INV['0'];
    expect(morning.YieldDay.v).toBeGreaterThan(0);
    expect(morning.YieldDay.v).toBeLessThan(yesterday);
  });

  it('zero_runtime zeroes the runtime values of an unreachable inverter, keeping its yields', async () => {
    // 21:00 CEST: the inverters go to sleep within the next hour.
    dev = await startTestDevice({ start: Date.parse('2025-06-21T19:00:00Z') });
    await configure(dev, HM, { zero_runtime: true });
    advanceTo(dev, Date.parse('2025-06-21T21:00:00Z'));
    const zeroed = await liveOf(dev, HM);
    expect(zeroed.reachable).toBe(false);
    expect(zeroed.AC['0'].Voltage.v).toBe(0);
    expect(zeroed.AC['0'].Frequency.v).toBe(0);
    expect(zeroed.DC['0'].Voltage.v).toBe(0);
    expect(zeroed.INV['0'].Temperature.v).toBe(0);
    expect(zeroed.INV['0'].YieldDay.v).toBeGreaterThan(0);
    // Without the option the last reading stays.
    const kept = await liveOf(dev, HMS);
    expect(kept.reachable).toBe(false);
    expect(kept.AC['0'].Voltage.v).toBeGreaterThan(200);
  });

  it('without night polling: not polling, no data requests, HMS still gets change-channel commands', async () => {
    // 01:00 CEST, before nautical dawn (03:03).
    dev = await startTestDevice({ start: Date.parse('2025-06-20T23:00:00Z') });
    await configure(dev, HM, { poll_enable_night: false });
    await configure(dev, HMS, { poll_enable_night: false });
    advance(dev, 61_000);
    const hmBefore = await liveOf(dev, HM);
    const hmsBefore = await liveOf(dev, HMS);
    expect(hmBefore).toMatchObject({ poll_enabled: false, reachable: false, producing: false });
    advance(dev, 5 * 60_000);
    const hm = await liveOf(dev, HM);
    const hms = await liveOf(dev, HMS);
    expect(hm.radio_stats.tx_request).toBe(hmBefore.radio_stats.tx_request);
    expect(hm.data_age).toBeGreaterThan(hmBefore.data_age);
    const sent = hms.radio_stats.tx_request - hmsBefore.radio_stats.tx_request;
    expect(sent).toBeGreaterThanOrEqual(15);
    expect(hms.radio_stats.rx_fail_nothing - hmsBefore.radio_stats.rx_fail_nothing).toBe(sent);
  });
});

describe('the inverters keep their own state while the DTU restarts', () => {
  it('a persistent limit and the off state survive a reboot of the DTU', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 30_000);
    await post(dev, '/api/limit/config', { serial: HMS, limit_value: 40, limit_type: 257 });
    await post(dev, '/api/power/config', { serial: HM, power: false });
    advance(dev, 20_000);
    expect((await liveOf(dev, HM)).producing).toBe(false);
    await dev.reboot();
    // The DTU reads the limit back only after 4 min of uptime.
    advance(dev, 5 * 60_000);
    const limits = await get(dev, '/api/limit/status');
    expect(limits[HMS].limit_relative).toBe(40);
    expect((await liveOf(dev, HMS)).AC['0'].Power.v).toBeLessThanOrEqual(800.5);
    const hm = await liveOf(dev, HM);
    expect(hm.reachable).toBe(true);
    expect(hm.producing).toBe(false);
    const log = await get(dev, `/api/eventlog/status?inv=${HM}`);
    expect(log.events).toContainEqual(expect.objectContaining({ message_id: 124, end_time: 0 }));
  });

  it('a non-persistent limit survives a DTU reboot but not the inverter waking up the next day', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 30_000);
    await post(dev, '/api/limit/config', { serial: HMS, limit_value: 30, limit_type: 1 });
    advance(dev, 20_000);
    await dev.reboot();
    advance(dev, 5 * 60_000);
    expect((await get(dev, '/api/limit/status'))[HMS].limit_relative).toBe(30);
    advanceTo(dev, Date.parse('2025-06-22T09:00:00Z'));
    expect((await get(dev, '/api/limit/status'))[HMS].limit_relative).toBe(100);
  });
});

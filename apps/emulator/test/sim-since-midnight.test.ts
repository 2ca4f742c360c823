/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { afterEach, describe, expect, it } from 'vitest';
import { getJson, startTestDevice, type TestDevice } from './helpers';

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});

async function live(device: TestDevice, serial?: string): Promise<any> {
  const url = serial ? `/api/livedata/status?inv=${serial}` : '/api/livedata/status';
  return (await device.app.inject({ method: 'GET', url })).json();
}

// The default zone is CET/CEST: 21:00 UTC on 21 June is 23:00 at the device.
const LATE_EVENING = Date.parse('2025-06-21T21:00:00Z');

describe('a device started at night has lived through the day', () => {
  it("reports today's yield and each inverter's last values with their real age", async () => {
    dev = await startTestDevice({ start: LATE_EVENING, sinceMidnight: true });
    const list = await live(dev);
    expect(list.total.YieldDay.v).toBeGreaterThan(1000);
    expect(list.total.Power.v).toBe(0);
    for (const inverter of list.inverters) {
      // The last statistics came in around sunset, hours ago, not "never".
      expect(inverter.data_age).toBeGreaterThan(3600);
      expect(inverter.data_age).toBeLessThan(6 * 3600);
      expect(inverter.limit_relative).toBeGreaterThan(0);
      expect(inverter.radio_stats.tx_request).toBeGreaterThan(100);
      const full = (await live(dev, inverter.serial)).inverters[0];
      expect(full.INV['0'].YieldDay.v).toBeGreaterThan(0);
    }
  });

  it("started in the small hours, it still shows the evening's values and the day's yield", async () => {
    // 00:30 UTC on 22 June is 02:30 at the device: before sunrise, just after midnight.
    dev = await startTestDevice({ start: Date.parse('2025-06-22T00:30:00Z'), sinceMidnight: true });
    const list = await live(dev);
    expect(list.total.YieldDay.v).toBeGreaterThan(1000);
    expect(list.total.YieldTotal.v).toBeGreaterThan(1);
    for (const inverter of list.inverters) {
      expect(inverter.data_age).toBeGreaterThan(3 * 3600);
      expect(inverter.data_age).toBeLessThan(9 * 3600);
    }
  });

  it("its clock is set from the first request: the last values are stamped on its day, not this machine's", async () => {
    // 23:30 UTC on 20 June is 01:30 on 21 June at the device. A real boot waits for NTP
    // (here a minute); a device that has run all day had its answer long ago.
    dev = await startTestDevice({
      start: Date.parse('2026-06-20T23:30:00Z'),
      sinceMidnight: true,
      ntpSyncDelayMs: 60_000,
    });
    const status = await getJson(dev.app, '/api/ntp/status');
    expect(status.body).toMatchObject({
      ntp_status: true,
      ntp_localtime: 'Sunday, June 21 2026 01:30:00',
      sun_isDayPeriod: false,
    });
    // What a client shows as "last update": the device's time less the data's age.
    const time = (await getJson(dev.app, '/api/ntp/time')).body;
    const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
    for (const inverter of (await live(dev)).inverters) {
      const taken = new Date(wall - inverter.data_age * 1000).toISOString();
      // Around sunset on the evening before, on the device's wall clock.
      expect(taken >= '2026-06-20T19:00' && taken < '2026-06-20T23:00', taken).toBe(true);
    }
  });

  it('without the catch-up the same start knows nothing of the day', async () => {
    dev = await startTestDevice({ start: LATE_EVENING });
    const list = await live(dev);
    expect(list.total.YieldDay.v).toBe(0);
  });

  it('does not count the energy before a restart twice, nor lose any of it', async () => {
    // A fixed DTU serial gives the same weather in every run, so a failure reproduces.
    dev = await startTestDevice({
      start: Date.parse('2025-06-21T14:00:00Z'),
      sinceMidnight: true,
      dtuSerial: 0x199980112345,
    });
    const totals = async (device: TestDevice): Promise<number[]> => {
      const serials: string[] = (await live(device)).inverters.map((inverter: any) => inverter.serial);
      const full = await Promise.all(
        serials.map(async (serial) => (await live(device, serial)).inverters[0]),
      );
      return full.flatMap((inverter) => Object.values(inverter.DC).map((dc: any) => dc.YieldTotal.v));
    };
    const before = { total: (await live(dev)).total.YieldTotal.v, inputs: await totals(dev) };
    await dev.reboot();
    const after = { total: (await live(dev)).total.YieldTotal.v, inputs: await totals(dev) };
    // An inverter keeps its own lifetime counter through a DTU restart: no input shows less
    // than before. Counted twice, the total would be the whole day's yield (kWh) more.
    expect(after.inputs).toHaveLength(before.inputs.length);
    after.inputs.forEach((kwh, i) => expect(kwh).toBeGreaterThanOrEqual(before.inputs[i] ?? Infinity));
    expect(after.total).toBeGreaterThanOrEqual(before.total);
    expect(after.total).toBeLessThan(before.total + 0.05);
  });

  it("shades one demo string in the afternoon, so its irradiation falls behind its sibling's", async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T14:00:00Z'), sinceMidnight: true });
    const garage = (await live(dev, '114181234569')).inverters[0];
    const [left, right] = [garage.DC['0'].Irradiation.v, garage.DC['1'].Irradiation.v];
    expect(right).toBeLessThan(left * 0.7);
  });
});

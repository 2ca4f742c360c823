import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getJson, postData, startTestDevice, type TestDevice } from './helpers';

let device: TestDevice;
beforeEach(async () => {
  // 2025-06-21 10:00 UTC = 12:00 in Berlin (CEST).
  device = await startTestDevice({ blank: true, start: Date.parse('2025-06-21T10:00:00Z') });
});
afterEach(async () => {
  await device.close();
});

const NETWORK = {
  hostname: 'OpenDTU-%06X',
  dhcp: true,
  ipaddress: '0.0.0.0',
  netmask: '0.0.0.0',
  gateway: '0.0.0.0',
  dns1: '0.0.0.0',
  dns2: '0.0.0.0',
  ssid: 'HomeNet',
  password: 'wifi-pass',
  aptimeout: 3,
  mdnsenabled: true,
};

describe('§3.1 GET /api/network/status', () => {
  it('without an SSID: no station, admin AP up with the decimal chip-id SSID', async () => {
    const { body } = await getJson(device.app, '/api/network/status', {});
    expect(body.sta_status).toBe(false);
    expect(body.ap_status).toBe(true);
    expect(body.ap_ip).toBe('192.168.4.1');
    expect(body.ap_ssid).toBe(device.app.device.identity.apName);
    expect(body.ap_ssid).toMatch(/^OpenDTU-\d+$/);
    expect(body.network_hostname).toMatch(/^OpenDTU-[0-9A-F]{6}$/);
    expect(body.network_mode).toBe('Station');
  });

  it('with an SSID: a connected station with a plausible RSSI and a DHCP address', async () => {
    await postData(device.app, '/api/network/config', NETWORK);
    const { body } = await getJson(device.app, '/api/network/status');
    expect(body.sta_status).toBe(true);
    expect(body.sta_ssid).toBe('HomeNet');
    expect(body.sta_rssi).toBeLessThan(-40);
    expect(body.sta_rssi).toBeGreaterThan(-80);
    expect(body.network_ip).toMatch(/^192\.168\.178\.\d+$/);
    // The AP stays up for aptimeout minutes after a save.
    expect(body.ap_status).toBe(true);
  });
});

describe('§3.2/3.3 network config', () => {
  it('returns the raw hostname pattern and the defaults', async () => {
    expect((await getJson(device.app, '/api/network/config')).body).toEqual({
      ...NETWORK,
      ssid: '',
      password: '',
      mdnsenabled: false,
    });
  });

  it('1005 when a checked field is missing or of the wrong type', async () => {
    for (const broken of [
      { ...NETWORK, ssid: undefined },
      { ...NETWORK, dhcp: 1 },
      { ...NETWORK, aptimeout: 3.5 },
      { ...NETWORK, aptimeout: -1 },
    ]) {
      expect((await postData(device.app, '/api/network/config', broken)).body.code).toBe(1005);
    }
  });

  it('validates IPs even with DHCP, in order 8001..8005, leniently', async () => {
    const cases: [Partial<typeof NETWORK>, number][] = [
      [{ ipaddress: '' }, 8001],
      [{ ipaddress: '256.1.1.1' }, 8001],
      [{ netmask: '1.2.3' }, 8002],
      [{ gateway: '1.2.3.4.5' }, 8003],
      [{ dns1: 'a.b.c.d' }, 8004],
      [{ dns2: '1.2.3.x' }, 8005],
      [{ ipaddress: '', dns2: '' }, 8001],
    ];
    for (const [change, code] of cases) {
      expect((await postData(device.app, '/api/network/config', { ...NETWORK, ...change })).body.code).toBe(
        code,
      );
    }
    // Empty groups count as 0.
    expect(
      (await postData(device.app, '/api/network/config', { ...NETWORK, ipaddress: '1..2.3' })).body.code,
    ).toBe(1001);
  });

  it('hostname, SSID and password errors carry no code', async () => {
    expect((await postData(device.app, '/api/network/config', { ...NETWORK, hostname: '' })).body).toEqual({
      type: 'warning',
      message: 'Hostname must between 1 and 31 characters long!',
    });
    expect(
      (await postData(device.app, '/api/network/config', { ...NETWORK, ssid: 'x'.repeat(33) })).body,
    ).toEqual({
      type: 'warning',
      message: 'SSID must between 1 and 32 characters long!',
    });
    expect(
      (await postData(device.app, '/api/network/config', { ...NETWORK, password: 'x'.repeat(64) })).body,
    ).toEqual({ type: 'warning', message: 'Password must not be longer than 64 characters long!' });
  });

  it('8006 for aptimeout above 99999', async () => {
    const { body } = await postData(device.app, '/api/network/config', { ...NETWORK, aptimeout: 100000 });
    expect(body).toEqual({
      type: 'warning',
      message: 'ApTimeout must be a number between 0 and 99999!',
      code: 8006,
    });
  });

  it('saves; a missing mdnsenabled is false; the hostname pattern is expanded in the status', async () => {
    const { mdnsenabled: _omit, ...rest } = NETWORK;
    expect(
      (await postData(device.app, '/api/network/config', { ...rest, hostname: 'Roof DTU' })).body.code,
    ).toBe(1001);
    const { body } = await getJson(device.app, '/api/network/config');
    expect(body.mdnsenabled).toBe(false);
    expect(body.hostname).toBe('Roof DTU');
    expect((await getJson(device.app, '/api/system/status')).body.hostname).toBe('Roof-DTU');
  });
});

const NTP = {
  ntp_server: 'pool.example.org',
  ntp_timezone: 'EET-2EEST,M4.5.5/0,M10.5.4/24',
  ntp_timezone_descr: 'Africa/Cairo',
  latitude: 30.0444,
  longitude: 31.2357,
  sunsettype: 0,
};

describe('§3.4 GET /api/ntp/status', () => {
  it('reports synced local time in the configured zone and Berlin sun times (nautical default)', async () => {
    const { body } = await getJson(device.app, '/api/ntp/status', {});
    expect(body.ntp_status).toBe(true);
    expect(body.ntp_localtime).toBe('Saturday, June 21 2025 12:00:00');
    // inverters.md §8.1 reference: 2025-06-21 nautical 03:03-23:36 (±2 min).
    expect(body.sun_risetime).toMatch(/^Saturday, June 21 2025 03:0[1-5]:00$/);
    expect(body.sun_settime).toMatch(/^Saturday, June 21 2025 23:3[4-8]:00$/);
    expect(body.sun_isSunsetAvailable).toBe(true);
    expect(body.sun_isDayPeriod).toBe(true);
  });

  it('astronomical twilight in a German June has no sunset: "--", day, not available', async () => {
    await postData(device.app, '/api/ntp/config', {
      ...NTP,
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      latitude: 51.1657,
      longitude: 10.4515,
      sunsettype: 3,
    });
    const { body } = await getJson(device.app, '/api/ntp/status');
    expect(body).toMatchObject({
      sun_risetime: '--',
      sun_settime: '--',
      sun_isSunsetAvailable: false,
      sun_isDayPeriod: true,
    });
  });

  it('is not synced for a moment after boot: 1970-based time, no sun data', async () => {
    const booting = await startTestDevice({ blank: true, ntpSyncDelayMs: 60_000 });
    const { body } = await getJson(booting.app, '/api/ntp/status');
    expect(body.ntp_status).toBe(false);
    expect(body.ntp_localtime).toMatch(/^Thursday, January 01 1970 01:00:0\d$/);
    expect(body).toMatchObject({ sun_risetime: '--', sun_settime: '--', sun_isDayPeriod: true });
    expect((await getJson(booting.app, '/api/ntp/time')).body.year).toBe(1970);
    await booting.close();
  });
});

describe('§3.5/3.6 NTP config', () => {
  it('returns the defaults', async () => {
    expect((await getJson(device.app, '/api/ntp/config')).body).toEqual({
      ntp_server: 'opendtu.pool.ntp.org',
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      ntp_timezone_descr: 'Europe/Berlin',
      longitude: 10.4515,
      latitude: 51.1657,
      sunsettype: 1,
    });
  });

  it('1005 for wrong types; sunsettype must be an integer 0..255', async () => {
    for (const broken of [
      { ...NTP, ntp_server: 1 },
      { ...NTP, latitude: '51' },
      { ...NTP, sunsettype: 1.5 },
      { ...NTP, sunsettype: 256 },
    ]) {
      expect((await postData(device.app, '/api/ntp/config', broken)).body.code).toBe(1005);
    }
  });

  it('length checks 9001, 9002, 9003 with params; a missing description is "null"', async () => {
    expect((await postData(device.app, '/api/ntp/config', { ...NTP, ntp_server: '' })).body).toMatchObject({
      code: 9001,
      param: { max: 31 },
    });
    expect(
      (await postData(device.app, '/api/ntp/config', { ...NTP, ntp_timezone: 'x'.repeat(51) })).body,
    ).toMatchObject({ code: 9002, param: { max: 50 } });
    expect(
      (await postData(device.app, '/api/ntp/config', { ...NTP, ntp_timezone_descr: '' })).body,
    ).toMatchObject({ code: 9003, param: { max: 50 } });
    const { ntp_timezone_descr: _omit, ...noDescr } = NTP;
    expect((await postData(device.app, '/api/ntp/config', noDescr)).body.code).toBe(1001);
    expect((await getJson(device.app, '/api/ntp/config')).body.ntp_timezone_descr).toBe('null');
  });

  it('a saved time zone applies to the local time at once', async () => {
    await postData(device.app, '/api/ntp/config', NTP);
    // Cairo is on summer time (UTC+3) on 21 June.
    expect((await getJson(device.app, '/api/ntp/time')).body).toMatchObject({ hour: 13, minute: 0 });
  });
});

describe('§3.7/3.8 NTP time', () => {
  it('GET returns the local time parts', async () => {
    expect((await getJson(device.app, '/api/ntp/time')).body).toEqual({
      ntp_status: true,
      year: 2025,
      month: 6,
      day: 21,
      hour: 12,
      minute: 0,
      second: 0,
    });
  });

  const TIME = { year: 2025, month: 2, day: 31, hour: 8, minute: 30, second: 15 };

  it('checks 9004..9009 in order with min/max params', async () => {
    const cases: [Partial<typeof TIME>, number, { min: number; max: number }][] = [
      [{ year: 2021 }, 9004, { min: 2022, max: 2100 }],
      [{ month: 13 }, 9005, { min: 1, max: 12 }],
      [{ day: 0 }, 9006, { min: 1, max: 31 }],
      [{ hour: 24 }, 9007, { min: 0, max: 23 }],
      [{ minute: 60 }, 9008, { min: 0, max: 59 }],
      [{ second: 60 }, 9009, { min: 0, max: 59 }],
      [{ year: 2101, second: 60 }, 9004, { min: 2022, max: 2100 }],
    ];
    for (const [change, code, param] of cases) {
      const { body } = await postData(device.app, '/api/ntp/time', { ...TIME, ...change });
      expect(body.code).toBe(code);
      expect(body.param).toEqual(param);
    }
    expect((await postData(device.app, '/api/ntp/time', { ...TIME, year: '2025' })).body.code).toBe(1005);
    expect((await postData(device.app, '/api/ntp/time', { ...TIME, hour: -1 })).body.code).toBe(1005);
  });

  it('sets the emulator clock from local time, normalising Feb 31 to Mar 3', async () => {
    const { body } = await postData(device.app, '/api/ntp/time', TIME);
    expect(body).toEqual({ type: 'success', message: 'Time updated!', code: 9010 });
    expect(new Date(device.clock.now()).toISOString()).toBe('2025-03-03T07:30:15.000Z');
    expect((await getJson(device.app, '/api/ntp/time')).body).toMatchObject({ month: 3, day: 3, hour: 8 });
  });

  it('setting the time by hand counts as synced', async () => {
    const booting = await startTestDevice({ blank: true, ntpSyncDelayMs: 60_000 });
    await postData(booting.app, '/api/ntp/time', TIME);
    expect((await getJson(booting.app, '/api/ntp/status')).body.ntp_status).toBe(true);
    await booting.close();
  });
});

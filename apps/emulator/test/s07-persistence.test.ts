/* eslint-disable @typescript-eslint/no-explicit-any -- device JSON is checked field by field */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getJson, postData, startTestDevice, type TestDevice } from './helpers';
import { uploadFile } from './upload';

let device: TestDevice;
beforeEach(async () => {
  device = await startTestDevice({ blank: true });
});
afterEach(async () => {
  await device.close();
});

const configOnDisk = async (): Promise<any> =>
  JSON.parse(await readFile(join(device.dataDir, 'config.json'), 'utf8'));

/** A config.json as a real device at v25.4.10 writes it (compact, serials as decimal integers). */
function realDeviceConfig(): any {
  const slot = (serial: number, name: string, order: number): object => ({
    serial,
    name,
    order,
    poll_enable: true,
    poll_enable_night: false,
    command_enable: true,
    command_enable_night: true,
    reachable_threshold: 3,
    zero_runtime: true,
    zero_day: true,
    clear_eventlog: false,
    yieldday_correction: false,
    channel: Array.from({ length: 6 }, (_u, k) => ({
      name: k < 2 ? `PV${k + 1}` : '',
      max_power: k < 2 ? 410 : 0,
      yield_total_offset: 0,
    })),
  });
  return {
    cfg: { version: 72960, save_count: 17 },
    wifi: {
      ssid: 'Home',
      password: 'wifipass1',
      ip: '192.168.1.50',
      netmask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns1: '192.168.1.1',
      dns2: '0.0.0.0',
      dhcp: false,
      hostname: 'Balcony-%06X',
      aptimeout: 0,
    },
    mdns: { enabled: true },
    ntp: {
      server: 'de.pool.ntp.org',
      timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      timezone_descr: 'Europe/Berlin',
      latitude: 52.52,
      longitude: 13.405,
      sunsettype: 2,
    },
    mqtt: {
      enabled: false,
      hostname: 'mqtt.home',
      port: 1884,
      clientid: 'dtu-balcony',
      username: 'u',
      password: 'p',
      topic: 'balcony/',
      retain: false,
      publish_interval: 10,
      clean_session: false,
      lwt: { topic: 'state', value_online: 'up', value_offline: 'down', qos: 1 },
      tls: { enabled: false, root_ca_cert: '', certlogin: false, client_cert: '', client_key: '' },
      hass: { enabled: true, retain: false, topic: 'ha/', individual_panels: true, expire: false },
    },
    dtu: {
      serial: 0x199980154321,
      poll_interval: 10,
      nrf_pa_level: 1,
      cmt_pa_level: 5,
      cmt_frequency: 866000000,
      cmt_country_mode: 0,
    },
    security: { password: 'balcony123', allow_readonly: false },
    device: {
      pinmapping: '',
      display: {
        powersafe: false,
        screensaver: false,
        rotation: 0,
        contrast: 80,
        locale: 'de',
        diagram_duration: 3600,
        diagram_mode: 2,
      },
      led: [{ brightness: 50 }, { brightness: 60 }],
    },
    inverters: [slot(19110476072295, 'Balcony', 0), ...Array.from({ length: 9 }, () => slot(0, '', 0))],
  };
}

describe('§7.2 config.json layout and defaults', () => {
  it('a fresh device writes the full layout in the device key order, save_count 1', async () => {
    const config = await configOnDisk();
    expect(Object.keys(config)).toEqual([
      'cfg',
      'wifi',
      'mdns',
      'ntp',
      'mqtt',
      'dtu',
      'security',
      'device',
      'inverters',
    ]);
    expect(config.cfg).toEqual({ version: 72960, save_count: 1 });
    expect(config.inverters).toHaveLength(10);
    expect(config.inverters[0].channel).toHaveLength(6);
    expect(Object.keys(config.mqtt)).toEqual([
      'enabled',
      'hostname',
      'port',
      'clientid',
      'username',
      'password',
      'topic',
      'retain',
      'publish_interval',
      'clean_session',
      'lwt',
      'tls',
      'hass',
    ]);
    expect(config.wifi.hostname).toBe('OpenDTU-%06X');
    expect(config.mqtt.clientid).toMatch(/^OpenDTU-\d+$/);
    expect(typeof config.dtu.serial).toBe('number');
    expect(config.dtu.serial.toString(16)).toMatch(/^1999801\d{5}$/);
  });

  it('serials are decimal integers in config.json and hex in the API', async () => {
    await postData(device.app, '/api/inverter/add', { serial: '116181234567', name: 'A' });
    expect((await configOnDisk()).inverters[0].serial).toBe(19110476072295);
  });

  it('every setting changed through the API survives a restart', async () => {
    await postData(device.app, '/api/security/config', { password: 'openDTU42', allow_readonly: false });
    await postData(device.app, '/api/network/config', {
      hostname: 'Roof',
      dhcp: false,
      ipaddress: '10.0.0.9',
      netmask: '255.0.0.0',
      gateway: '10.0.0.1',
      dns1: '10.0.0.1',
      dns2: '1.1.1.1',
      ssid: 'Net',
      password: 'pw',
      aptimeout: 0,
      mdnsenabled: true,
    });
    await postData(device.app, '/api/ntp/config', {
      ntp_server: 'time.example',
      ntp_timezone: '<-03>3',
      ntp_timezone_descr: 'America/Sao_Paulo',
      latitude: -23.55,
      longitude: -46.63,
      sunsettype: 0,
    });
    await postData(device.app, '/api/dtu/config', {
      serial: '199980100042',
      pollinterval: 9,
      nrf_palevel: 3,
      cmt_palevel: -10,
      cmt_frequency: 920000000,
      cmt_country: 2,
    });
    await postData(device.app, '/api/inverter/add', { serial: '1144a0123456', name: 'HMS' });
    await postData(device.app, '/api/device/config', {
      curPin: { name: 'Default' },
      display: { rotation: 3, contrast: 10, locale: 'fr' },
      led: [{ brightness: 5 }, { brightness: 6 }],
    });
    const pages = [
      '/api/security/config',
      '/api/network/config',
      '/api/ntp/config',
      '/api/dtu/config',
      '/api/inverter/list',
      '/api/device/config',
      '/api/mqtt/config',
    ];
    const read = () => Promise.all(pages.map(async (url) => (await getJson(device.app, url)).body));
    const before = await read();
    await device.reboot();
    const after = await read();
    expect(after).toEqual(before);
    expect((await getJson(device.app, '/api/system/status')).body.cfgsavecount).toBe(7);
  });

  it('per-key fallback: wrong types, fractions in integer fields and unknown keys; long texts cut', async () => {
    const config = await configOnDisk();
    config.dtu.poll_interval = 5.5;
    config.wifi.dhcp = 'no';
    config.ntp.latitude = 48;
    config.inverters[0].name = 'x'.repeat(40);
    config.inverters[0].serial = 19110476072295;
    config.extra = { anything: 1 };
    delete config.mqtt.port;
    await writeFile(join(device.dataDir, 'config.json'), `\uFEFF${JSON.stringify(config)}`);
    await device.reboot();
    const stored = device.app.device.config.get();
    expect(stored.dtu.poll_interval).toBe(5);
    expect(stored.wifi.dhcp).toBe(true);
    expect(stored.ntp.latitude).toBe(48);
    expect(stored.mqtt.port).toBe(1883);
    expect(stored.inverters[0]?.name).toBe('x'.repeat(31));
    expect(stored).not.toHaveProperty('extra');
  });
});

describe('§7.2 reading a damaged config.json', () => {
  it('keeps the values parsed before the break, defaults the rest, and keeps the damaged file aside', async () => {
    await postData(device.app, '/api/ntp/config', {
      ntp_server: 'kept.example',
      ntp_timezone: 'UTC0',
      ntp_timezone_descr: 'UTC',
      latitude: 1,
      longitude: 2,
      sunsettype: 0,
    });
    await postData(device.app, '/api/dtu/config', {
      serial: '199980100042',
      pollinterval: 9,
      nrf_palevel: 3,
      cmt_palevel: 0,
      cmt_frequency: 865000000,
      cmt_country: 0,
    });
    const text = await readFile(join(device.dataDir, 'config.json'), 'utf8');
    // Cut inside the "dtu" section, after poll_interval: ntp survives, poll_interval too, the rest defaults.
    const cut = text.slice(0, text.indexOf('"nrf_pa_level"') + 5);
    await writeFile(join(device.dataDir, 'config.json'), cut);
    await device.reboot();
    const stored = device.app.device.config.get();
    expect(stored.ntp.server).toBe('kept.example');
    expect(stored.dtu.poll_interval).toBe(9);
    expect(stored.dtu.nrf_pa_level).toBe(0);
    expect(stored.security.password).toBe('openDTU42');
    const files = await readdir(device.dataDir);
    const damaged = files.find((name) => name.startsWith('config.json.damaged-'));
    expect(damaged).toBeDefined();
    expect(await readFile(join(device.dataDir, damaged ?? ''), 'utf8')).toBe(cut);
    expect(JSON.parse(await readFile(join(device.dataDir, 'config.json'), 'utf8')).ntp.server).toBe(
      'kept.example',
    );
  });

  it('garbage that is not JSON at all gives the defaults, the file kept aside', async () => {
    await writeFile(join(device.dataDir, 'config.json'), 'this is not json');
    await device.reboot();
    expect(device.app.device.config.get().security.password).toBe('openDTU42');
    expect((await readdir(device.dataDir)).some((name) => name.startsWith('config.json.damaged-'))).toBe(
      true,
    );
  });
});

describe('§7.3 derived identities', () => {
  it('replaces the placeholder DTU serial with the generated one', async () => {
    const config = await configOnDisk();
    const generated = config.dtu.serial;
    config.dtu.serial = 0x99978563412;
    await writeFile(join(device.dataDir, 'config.json'), JSON.stringify(config));
    await device.reboot();
    expect((await configOnDisk()).dtu.serial).toBe(generated);
  });

  it('expands the hostname pattern with the chip id and sanitises it', async () => {
    const chip = device.app.device.identity.chipId.toString(16).toUpperCase().padStart(6, '0');
    expect((await getJson(device.app, '/api/system/status')).body.hostname).toBe(`OpenDTU-${chip}`);
  });
});

describe('§7.4 version migration', () => {
  it('migrates an old config (kHz frequency, pa_level, publish_invterval, pool.ntp.org, display.language)', async () => {
    const config = realDeviceConfig();
    config.cfg.version = 0x00011800 - 0x100;
    config.dtu.cmt_frequency = 866000;
    config.dtu.pa_level = 2;
    delete config.dtu.nrf_pa_level;
    config.mqtt.publish_invterval = 30;
    delete config.mqtt.publish_interval;
    config.ntp.server = 'pool.ntp.org';
    config.device.display.language = 2;
    delete config.device.display.locale;
    await writeFile(join(device.dataDir, 'config.json'), JSON.stringify(config));
    await device.reboot();
    const onDisk = await configOnDisk();
    expect(onDisk.cfg.version).toBe(72960);
    expect(onDisk.dtu.cmt_frequency).toBe(866000000);
    expect(onDisk.dtu.nrf_pa_level).toBe(2);
    expect(onDisk.mqtt.publish_interval).toBe(30);
    expect(onDisk.ntp.server).toBe('opendtu.pool.ntp.org');
    expect(onDisk.device.display.locale).toBe('fr');
  });
});

describe('§7.5 backup and restore', () => {
  it('a config.json from a real device restores into the emulator (upload → OK → restart)', async () => {
    const response = await uploadFile(device.app, 'config.json', JSON.stringify(realDeviceConfig()));
    expect(response.status).toBe(200);
    expect(response.body).toBe('OK');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(device.restarts).toHaveLength(1);
    await device.reboot();
    const auth = { authorization: `Basic ${Buffer.from('admin:balcony123').toString('base64')}` };
    expect((await getJson(device.app, '/api/dtu/config', auth)).body.serial).toBe('199980154321');
    const list = (await getJson(device.app, '/api/inverter/list', auth)).body.inverter;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ serial: '116181234567', name: 'Balcony', reachable_threshold: 3 });
    expect((await getJson(device.app, '/api/network/config', auth)).body).toMatchObject({
      hostname: 'Balcony-%06X',
      dhcp: false,
    });
    expect((await getJson(device.app, '/api/system/status', auth)).body.cfgsavecount).toBe(17);
  });

  it('the reverse: a backup from the emulator has exactly the device layout', async () => {
    await postData(device.app, '/api/inverter/add', { serial: '116181234567', name: 'Balcony' });
    const response = await device.app.inject({
      url: '/api/file/get',
      headers: { authorization: (await import('./helpers')).ADMIN_AUTH },
    });
    expect(response.headers['content-disposition']).toBe('attachment; filename="config.json"');
    const backup = JSON.parse(response.body);
    const real = realDeviceConfig();
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shape)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
          : typeof value;
    expect(shape(backup)).toEqual(shape(real));
    expect(Object.keys(backup.device.display)).toEqual(Object.keys(real.device.display));
    expect(backup.inverters[0].serial).toBe(19110476072295);
  });

  it('a malformed restore is refused (FAIL), the old config untouched, no restart', async () => {
    const before = await readFile(join(device.dataDir, 'config.json'), 'utf8');
    for (const content of ['{"cfg":', '[1,2]', '{"wifi":{}}']) {
      const response = await uploadFile(device.app, 'config.json', content);
      expect(response.status).toBe(500);
      expect(response.body).toBe('FAIL');
    }
    expect(device.restarts).toEqual([]);
    expect(await readFile(join(device.dataDir, 'config.json'), 'utf8')).toBe(before);
  });

  it('after a restore the RAM config no longer overwrites the restored file before the restart', async () => {
    await uploadFile(device.app, 'config.json', JSON.stringify(realDeviceConfig()));
    const { body } = await postData(device.app, '/api/dtu/config', {
      serial: '1',
      pollinterval: 1,
      nrf_palevel: 0,
      cmt_palevel: 0,
      cmt_frequency: 865000000,
      cmt_country: 0,
    });
    expect(body.code).toBe(1006);
    expect((await configOnDisk()).security.password).toBe('balcony123');
  });
});

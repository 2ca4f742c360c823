import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getJson, postData, startTestDevice, type TestDevice } from './helpers';

let device: TestDevice;
beforeEach(async () => {
  device = await startTestDevice({ blank: true });
});
afterEach(async () => {
  await device.close();
});

const MQTT = {
  mqtt_enabled: false,
  mqtt_hostname: '',
  mqtt_port: 1883,
  mqtt_clientid: '',
  mqtt_username: '',
  mqtt_password: '',
  mqtt_topic: 'solar/',
  mqtt_retain: true,
  mqtt_tls: false,
  mqtt_root_ca_cert: '',
  mqtt_tls_cert_login: false,
  mqtt_client_cert: '',
  mqtt_client_key: '',
  mqtt_lwt_topic: 'dtu/status',
  mqtt_lwt_online: 'online',
  mqtt_lwt_offline: 'offline',
  mqtt_lwt_qos: 2,
  mqtt_publish_interval: 5,
  mqtt_clean_session: true,
  mqtt_hass_enabled: false,
  mqtt_hass_expire: true,
  mqtt_hass_retain: true,
  mqtt_hass_topic: 'homeassistant/',
  mqtt_hass_individualpanels: false,
};

const ENABLED = { ...MQTT, mqtt_enabled: true, mqtt_hostname: 'broker.local' };

async function until(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('§3.10 GET /api/mqtt/config', () => {
  it('returns the defaults with the ISRG root CA and the AP name as client id', async () => {
    const { body } = await getJson(device.app, '/api/mqtt/config');
    expect(body.mqtt_clientid).toBe(device.app.device.identity.apName);
    expect(body.mqtt_root_ca_cert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(body.mqtt_lwt_topic).toBe('dtu/status');
    expect(Object.keys(body)).toEqual(Object.keys(MQTT));
  });
});

describe('§3.9 GET /api/mqtt/status', () => {
  it('shows the full LWT topic, the CA summary and not connected while disabled', async () => {
    const { body } = await getJson(device.app, '/api/mqtt/status', {});
    expect(body.mqtt_connected).toBe(false);
    expect(body.mqtt_lwt_topic).toBe('solar/dtu/status');
    expect(body.mqtt_root_ca_cert_info).toContain(
      'subject name      : C=US, O=Internet Security Research Group, CN=ISRG Root X1',
    );
    expect(body.mqtt_root_ca_cert_info).toContain('RSA key size      : 4096 bits');
    expect(body.mqtt_client_cert_info).toBe('');
    expect(body).not.toHaveProperty('mqtt_password');
  });
});

describe('§3.11 POST /api/mqtt/config', () => {
  it('1005 when a checked field is missing or mistyped; the root CA is not checked', async () => {
    expect((await postData(device.app, '/api/mqtt/config', { ...MQTT, mqtt_retain: 'yes' })).body.code).toBe(
      1005,
    );
    expect((await postData(device.app, '/api/mqtt/config', { ...MQTT, mqtt_lwt_qos: 256 })).body.code).toBe(
      1005,
    );
    const { mqtt_root_ca_cert: _ca, ...noCa } = MQTT;
    expect((await postData(device.app, '/api/mqtt/config', noCa)).body.code).toBe(1001);
    expect((await getJson(device.app, '/api/mqtt/config')).body.mqtt_root_ca_cert).toBe('null');
  });

  it('validates only while enabled, in the firmware order, with params', async () => {
    const cases: [Partial<typeof ENABLED>, number, object | undefined][] = [
      [{ mqtt_hostname: '' }, 7001, { max: 128 }],
      [{ mqtt_clientid: 'c'.repeat(65) }, 7017, { max: 64 }],
      [{ mqtt_username: 'u'.repeat(65) }, 7002, { max: 64 }],
      [{ mqtt_password: 'p'.repeat(65) }, 7003, { max: 64 }],
      [{ mqtt_topic: `${'t'.repeat(32)}/` }, 7004, { max: 32 }],
      [{ mqtt_topic: 'so lar/' }, 7005, undefined],
      [{ mqtt_topic: 'solar' }, 7006, undefined],
      [{ mqtt_port: 0 }, 7007, undefined],
      [{ mqtt_port: 65536 }, 7007, undefined],
      [{ mqtt_client_key: 'k'.repeat(2561) }, 7008, { max: 2560 }],
      [{ mqtt_lwt_topic: 'l'.repeat(33) }, 7009, { max: 32 }],
      [{ mqtt_lwt_topic: 'dtu status' }, 7010, undefined],
      [{ mqtt_lwt_online: 'o'.repeat(21) }, 7011, { max: 20 }],
      [{ mqtt_lwt_offline: 'o'.repeat(21) }, 7012, { max: 20 }],
      [{ mqtt_lwt_qos: 3 }, 7016, { max: 2 }],
      [{ mqtt_publish_interval: 4 }, 7013, { min: 5, max: 65535 }],
      [{ mqtt_hass_enabled: true, mqtt_hass_topic: 'h'.repeat(33) }, 7014, { max: 32 }],
      [{ mqtt_hass_enabled: true, mqtt_hass_topic: 'home assistant/' }, 7015, undefined],
      [{ mqtt_hostname: '', mqtt_publish_interval: 1 }, 7001, { max: 128 }],
    ];
    for (const [change, code, param] of cases) {
      const { body } = await postData(device.app, '/api/mqtt/config', { ...ENABLED, ...change });
      expect(body.code, JSON.stringify(change)).toBe(code);
      expect(body.param).toEqual(param);
    }
    // Hass topic is free while Home Assistant is off.
    const free = await postData(device.app, '/api/mqtt/config', {
      ...MQTT,
      mqtt_hass_topic: 'home assistant/',
    });
    expect(free.body.code).toBe(1001);
  });

  it('while disabled nothing is validated and over-long texts are cut to the storage sizes', async () => {
    const { body } = await postData(device.app, '/api/mqtt/config', {
      ...MQTT,
      mqtt_topic: 'x y',
      mqtt_lwt_online: 'o'.repeat(30),
      mqtt_publish_interval: 1,
      mqtt_port: 70000,
    });
    expect(body.code).toBe(1001);
    const config = (await getJson(device.app, '/api/mqtt/config')).body;
    expect(config.mqtt_topic).toBe('x y');
    expect(config.mqtt_lwt_online).toBe('o'.repeat(20));
    expect(config.mqtt_publish_interval).toBe(1);
    // The port is a 32-bit setting on the device: not cut to 16 bits.
    expect(config.mqtt_port).toBe(70000);
  });
});

describe('§3.9 mqtt_connected against a real broker', () => {
  let broker: Aedes;
  let server: Server;
  let port: number;
  const published: { topic: string; payload: string; retain: boolean }[] = [];

  beforeEach(async () => {
    published.length = 0;
    broker = await Aedes.createBroker();
    broker.on('publish', (packet, client) => {
      if (client)
        published.push({ topic: packet.topic, payload: packet.payload.toString(), retain: packet.retain });
    });
    server = createServer(broker.handle);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as { port: number }).port;
  });
  afterEach(async () => {
    await new Promise<void>((done) => broker.close(() => done()));
    await new Promise<void>((done) => server.close(() => done()));
  });

  it('connects when enabled, publishes the LWT online value, and reports it; disconnects when disabled', async () => {
    const settings = { ...ENABLED, mqtt_hostname: '127.0.0.1', mqtt_port: port, mqtt_topic: 'pv/' };
    expect((await postData(device.app, '/api/mqtt/config', settings)).body.code).toBe(1001);
    await until(async () => (await getJson(device.app, '/api/mqtt/status')).body.mqtt_connected === true);
    // Connected counts from the broker's CONNACK; only then does the device send the online
    // value (as the firmware does), which the broker reads on a later turn: the status may
    // say connected before the broker has it.
    await until(async () => published.some((p) => p.topic === 'pv/dtu/status'));
    expect(published.filter((p) => p.topic === 'pv/dtu/status')).toEqual([
      { topic: 'pv/dtu/status', payload: 'online', retain: true },
    ]);

    device.app.device.mqtt.publish('dtu/uptime', '42');
    await until(async () => published.some((p) => p.topic === 'pv/dtu/uptime' && p.payload === '42'));

    await postData(device.app, '/api/mqtt/config', { ...settings, mqtt_enabled: false });
    await until(async () => (await getJson(device.app, '/api/mqtt/status')).body.mqtt_connected === false);
  });

  it('reports not connected while the broker is unreachable', async () => {
    const settings = { ...ENABLED, mqtt_hostname: '127.0.0.1', mqtt_port: 1 };
    await postData(device.app, '/api/mqtt/config', settings);
    await new Promise((done) => setTimeout(done, 200));
    expect((await getJson(device.app, '/api/mqtt/status')).body.mqtt_connected).toBe(false);
  });

  it('connects at boot with the stored settings', async () => {
    await postData(device.app, '/api/mqtt/config', {
      ...ENABLED,
      mqtt_hostname: '127.0.0.1',
      mqtt_port: port,
    });
    await device.reboot();
    await until(async () => (await getJson(device.app, '/api/mqtt/status')).body.mqtt_connected === true);
  });
});

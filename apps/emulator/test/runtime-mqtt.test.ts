import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestDevice, type TestDevice } from './helpers';

let dev: TestDevice | undefined;
let broker: Aedes | undefined;
let server: Server | undefined;
let watcher: mqtt.MqttClient | undefined;
afterEach(async () => {
  await watcher?.endAsync(true);
  await dev?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  await new Promise<void>((done) => (broker ? broker.close(() => done()) : done()));
  dev = undefined;
});

async function startBroker(): Promise<number> {
  broker = await Aedes.createBroker();
  server = createServer(broker.handle);
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

async function until(condition: () => boolean, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((done) => setTimeout(done, 50));
  }
}

describe('MQTT publishing to a real broker (aedes in-process)', () => {
  it('publishes inverter, total and discovery topics with the configured retain flag', async () => {
    broker = await Aedes.createBroker();
    server = createServer(broker.handle);
    await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
    const port = (server.address() as AddressInfo).port;
    const messages = new Map<string, { payload: string; retain: boolean }>();
    watcher = await mqtt.connectAsync({ host: '127.0.0.1', port });
    watcher.on('message', (topic, payload, packet) =>
      messages.set(topic, { payload: payload.toString(), retain: packet.retain }),
    );
    await watcher.subscribeAsync('#');

    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    dev.clock.advance(30_000);
    dev.app.device.inverters.step(dev.clock.now());
    const config = dev.app.device.config.get();
    Object.assign(config.mqtt, { enabled: true, hostname: '127.0.0.1', port, retain: false });
    // Retain is checked below with a late subscriber: a broker forwards to existing
    // subscriptions with the retain flag cleared (MQTT 3.1.1 §3.3.1.3).
    Object.assign(config.mqtt.hass, { enabled: true, retain: false });
    await dev.app.device.saveConfig('mqtt');

    await until(
      () =>
        messages.has('solar/ac/power') &&
        messages.has('solar/114181234569/0/power') &&
        messages.has('homeassistant/sensor/dtu_114181234569/ch0_power/config'),
    );
    expect(messages.get('solar/dtu/status')?.payload).toBe('online');
    expect(messages.get('solar/114181234569/name')?.payload).toBe('Garage HM-800');
    expect(messages.get('solar/114181234569/status/reachable')?.payload).toBe('1');
    expect(messages.get('solar/114181234569/0/power')?.payload).toMatch(/^\d+\.\d$/);
    expect(messages.get('solar/114181234569/0/yieldtotal')?.payload).toMatch(/^\d+\.\d{3}$/);
    // DC input 0 is channel 1 on MQTT.
    expect(messages.get('solar/114181234569/1/name')?.payload).toBe('Garage left');
    expect(messages.get('solar/114181234569/1/voltage')?.payload).toMatch(/^\d+\.\d$/);
    expect(messages.get('solar/138291234567/6/power')).toBeDefined();
    expect(messages.get('solar/ac/power')?.retain).toBe(false);
    const total = Number(messages.get('solar/ac/power')?.payload);
    expect(total).toBeGreaterThan(0);
    const discovery = messages.get('homeassistant/sensor/dtu_114181234569/ch0_power/config');
    expect(discovery).toBeDefined();
    expect(JSON.parse(discovery?.payload ?? '{}')).toMatchObject({
      stat_t: 'solar/114181234569/0/power',
      unit_of_meas: 'W',
    });
    // The device going away: the broker announces the last will.
    await dev.close();
    dev = undefined;
    await until(() => messages.get('solar/dtu/status')?.payload === 'offline');
  });

  it('retains what it publishes when asked, at the publish interval, with discovery per panel', async () => {
    const port = await startBroker();
    const arrivals: number[] = [];
    watcher = await mqtt.connectAsync({ host: '127.0.0.1', port });
    watcher.on('message', (topic) => {
      if (topic === 'solar/ac/power') arrivals.push(Date.now());
    });
    await watcher.subscribeAsync('solar/ac/power');

    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    dev.clock.advance(30_000);
    dev.app.device.inverters.step(dev.clock.now());
    const config = dev.app.device.config.get();
    Object.assign(config.mqtt, { enabled: true, hostname: '127.0.0.1', port, retain: true });
    Object.assign(config.mqtt.hass, { enabled: true, retain: true, individual_panels: true, expire: true });
    await dev.app.device.saveConfig('mqtt');
    await until(() => arrivals.length >= 2, 12_000);
    // publish_interval is 5 s (default).
    expect((arrivals[1] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan(4500);

    const late = await mqtt.connectAsync({ host: '127.0.0.1', port });
    const retained = new Map<string, string>();
    late.on('message', (topic, payload, packet) => {
      if (packet.retain) retained.set(topic, payload.toString());
    });
    await late.subscribeAsync('#');
    const expected = [
      'solar/dtu/status',
      'solar/ac/power',
      'solar/116491234568/status/limit_absolute',
      'homeassistant/sensor/dtu_138291234567/ch6_power/config',
    ];
    await until(() => expected.every((topic) => retained.has(topic)));
    await late.endAsync(true);
    expect(retained.get('solar/dtu/status')).toBe('online');
    expect(Number(retained.get('solar/ac/power'))).toBeGreaterThan(0);
    expect(retained.get('solar/116491234568/status/limit_absolute')).toMatch(/^\d+\.\d\d$/);
    const panel = JSON.parse(retained.get('homeassistant/sensor/dtu_138291234567/ch6_power/config') ?? '{}');
    expect(panel).toMatchObject({ stat_t: 'solar/138291234567/6/power', unit_of_meas: 'W', exp_aft: 15 });
  });
});

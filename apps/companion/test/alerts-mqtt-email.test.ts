// The MQTT and e-mail channels end to end: the virtual DTU at a simulated noon (a device
// minute a real second), an inverter made silent, Mosquitto and aiosmtpd as the receivers,
// both down when the alert is raised and started later: every message arrives, in order.
import type { AlertsAnswer, AlertTestAnswer } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import { parseChannel } from '../src/alerts/channels';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../src/alerts/rules';
import { headerOf, MailReceiver, Mosquitto } from './alerts-receivers';
import { ADMIN_AUTH, call, freePort, startCompanion, startDevice, until } from './helpers';
import type { TestCompanion } from './helpers';

const SETTINGS: AlertSettings = {
  ...DEFAULT_ALERT_SETTINGS,
  rules: {
    ...DEFAULT_ALERT_SETTINGS.rules,
    'inverter-silent': { rule: 'inverter-silent', enabled: true, minutes: 3 },
    'dtu-unreachable': { rule: 'dtu-unreachable', enabled: true, minutes: 3 },
  },
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const alertsOf = async (server: TestCompanion): Promise<AlertsAnswer> => {
  const answer = await call(`${server.url}/companion/api/alerts`, { auth: ADMIN_AUTH });
  expect(answer.status).toBe(200);
  return answer.body as AlertsAnswer;
};

/** The virtual DTU at a simulated noon (a device minute a real second), and the receivers, not started. */
async function plantAndReceivers() {
  const dtu = await startDevice('2026-06-21T12:00', ['--speed', '60']);
  cleanups.push(() => dtu.remove());
  const live = (await call(new URL('api/livedata/status', dtu.url).href, { auth: ADMIN_AUTH })).body as {
    inverters: { serial: string }[];
  };
  const silent = live.inverters[0]!.serial;
  const mosquitto = new Mosquitto(await freePort(), 'companion', 'm9tt-pass');
  cleanups.push(() => mosquitto.remove());
  const mail = new MailReceiver(await freePort(), 'solar@plant.example', 'm4il-pass');
  cleanups.push(() => mail.remove());
  return { dtu, silent, mosquitto, mail };
}

describe('alerts by MQTT and e-mail', () => {
  it('publishes the state and mails the owner, after the receivers come back, raised and resolved', async () => {
    const { dtu, silent, mosquitto, mail } = await plantAndReceivers();
    const mqttUrl = `mqtt://companion:m9tt-pass@127.0.0.1:${mosquitto.port}/plant`;
    const mailUrl = `smtp://solar%40plant.example:m4il-pass@127.0.0.1:${mail.port}?to=owner@home.example`;
    const server = await startCompanion(dtu.url, {
      speed: 60,
      alertChannels: [parseChannel(mqttUrl), parseChannel(mailUrl)],
      alertSettings: SETTINGS,
      alertRetryMaxMs: 300,
    });
    cleanups.push(() => server.close());

    await until(async () => (await alertsOf(server)).daylight !== null, 15_000, 'the device sun times');
    const before = await alertsOf(server);
    expect(before.channels).toEqual([
      { kind: 'mqtt', url: `mqtt://companion:****@127.0.0.1:${mosquitto.port}/plant` },
      {
        kind: 'email',
        url: `smtp://solar%40plant.example:****@127.0.0.1:${mail.port}?to=owner@home.example`,
      },
    ]);

    await call(new URL('emulator/faults', dtu.url).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fault: 'inverter-silent', serial: silent }),
    });
    await until(
      async () => (await alertsOf(server)).open[0]?.sent.every((delivery) => delivery.attempts >= 2) ?? false,
      30_000,
      'the alert raised and tried twice on each channel',
    );
    const waiting = (await alertsOf(server)).open[0]!;
    expect(waiting.sent.map((delivery) => delivery.sent)).toEqual([null, null]);

    await mosquitto.start();
    await mail.start();
    const state = `plant/inverter-silent/${silent}`;
    const seen = await mosquitto.subscriber('#');
    cleanups.push(() => seen.close());
    await until(() => seen.last.get(state)?.payload === 'ON', 15_000, 'the state ON');
    await until(async () => (await mail.mails()).length === 1, 15_000, 'the mail');
    expect(seen.json(`${state}/attributes`)).toMatchObject({
      rule: 'inverter-silent',
      inverter: { serial: silent },
      ended: null,
    });
    expect(seen.json(`homeassistant/binary_sensor/plant/inverter_silent_${silent}/config`)).toMatchObject({
      device_class: 'problem',
      state_topic: state,
    });
    const [raised] = await mail.mails();
    expect(raised!.to).toEqual(['owner@home.example']);
    expect(headerOf(raised!, 'Subject')).toMatch(/silent|produces nothing/);
    expect(raised!.data).toContain(silent);

    await call(new URL('emulator/faults', dtu.url).href, { method: 'DELETE' });
    await until(() => seen.last.get(state)?.payload === 'OFF', 30_000, 'the state OFF');
    await until(async () => (await mail.mails()).length === 2, 15_000, 'the resolution mail');
    expect(headerOf((await mail.mails())[1]!, 'Subject')).toMatch(/back/);
    const after = await alertsOf(server);
    expect(after.open).toEqual([]);
    expect(after.past[0]!.sent.map((delivery) => `${delivery.event} ${delivery.sent !== null}`)).toEqual([
      'raised true',
      'raised true',
      'resolved true',
      'resolved true',
    ]);

    const test = await call(`${server.url}/companion/api/alerts/test`, { method: 'POST', auth: ADMIN_AUTH });
    expect(test.status).toBe(200);
    const results = (test.body as AlertTestAnswer).results;
    expect(results.map((result) => [result.channel, result.ok])).toEqual([
      [`mqtt://companion:****@127.0.0.1:${mosquitto.port}/plant`, true],
      [`smtp://solar%40plant.example:****@127.0.0.1:${mail.port}?to=owner@home.example`, true],
    ]);
    expect(results[1]!.answer).toMatch(/^250/);
    await until(() => seen.last.has('plant/test'), 5000, 'the MQTT test message');
    await until(async () => (await mail.mails()).length === 3, 10_000, 'the test mail');

    const everything = JSON.stringify([after, test.body]) + server.lines.join('\n');
    expect(everything).not.toContain('m9tt-pass');
    expect(everything).not.toContain('m4il-pass');
  }, 120_000);

  it('in quiet hours publishes the MQTT state at once, while the e-mail waits for their end', async () => {
    const { dtu, silent, mosquitto, mail } = await plantAndReceivers();
    await mosquitto.start();
    await mail.start();
    const seen = await mosquitto.subscriber('#');
    cleanups.push(() => seen.close());
    const server = await startCompanion(dtu.url, {
      speed: 60,
      alertChannels: [
        parseChannel(`mqtt://companion:m9tt-pass@127.0.0.1:${mosquitto.port}/plant`),
        parseChannel(`smtp://solar%40plant.example:m4il-pass@127.0.0.1:${mail.port}?to=owner@home.example`),
      ],
      // Quiet from 11:00 to 23:00 on the device's clock: the whole test.
      alertSettings: { ...SETTINGS, quietHours: { from: 11 * 60, to: 23 * 60 } },
      alertRetryMaxMs: 300,
    });
    cleanups.push(() => server.close());
    await until(async () => (await alertsOf(server)).daylight !== null, 15_000, 'the device sun times');

    await call(new URL('emulator/faults', dtu.url).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fault: 'inverter-silent', serial: silent }),
    });
    await until(
      () => seen.last.get(`plant/inverter-silent/${silent}`)?.payload === 'ON',
      30_000,
      'the state ON',
    );
    const [alert] = (await alertsOf(server)).open;
    const byKind = Object.fromEntries(
      alert!.sent.map((delivery) => [delivery.channel.split(':')[0], delivery]),
    );
    expect(byKind.mqtt!.sent).not.toBeNull();
    expect(byKind.smtp).toMatchObject({ sent: null, attempts: 0 });
    expect(await mail.mails()).toEqual([]);
  }, 120_000);
});

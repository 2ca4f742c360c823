// The MQTT and e-mail channels against real receivers started here (Mosquitto, aiosmtpd):
// what a subscriber, Home Assistant or a mailbox receives, a broker that is down or forgot
// its retained messages, and a refused login.
import { afterEach, describe, expect, it } from 'vitest';
import { parseChannel, type AlertBody, type Channel, type SubjectState } from '../src/alerts/channels';
import { headerOf, MailReceiver, Mosquitto, type Subscriber } from './alerts-receivers';
import { freePort, until } from './helpers';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SERIAL = '114181234569';
const silent: AlertBody = {
  id: 7,
  rule: 'inverter-silent',
  inverter: { serial: SERIAL, name: 'Roof' },
  text: 'Roof (114181234569) has sent no new data since 12:03.',
  started: '2026-06-21T10:03:00.000Z',
  ended: null,
};
const dtuDown: AlertBody = {
  id: 8,
  rule: 'dtu-unreachable',
  inverter: null,
  text: 'The DTU has not answered since 12:10.',
  started: '2026-06-21T10:10:00.000Z',
  ended: null,
};

async function broker(): Promise<Mosquitto> {
  const started = new Mosquitto(await freePort(), 'alerts', 'm9tt-pass');
  cleanups.push(() => started.remove());
  return started;
}

function channel(url: string): Channel {
  const parsed = parseChannel(url);
  cleanups.push(() => parsed.close());
  return parsed;
}

async function subscribe(mosquitto: Mosquitto, filter = '#'): Promise<Subscriber> {
  const subscriber = await mosquitto.subscriber(filter);
  cleanups.push(() => subscriber.close());
  return subscriber;
}

describe('MQTT channel', () => {
  it('publishes retained state, attributes and Home Assistant discovery, once the broker is up', async () => {
    const mosquitto = await broker();
    const mqtt = channel(`mqtt://alerts:m9tt-pass@127.0.0.1:${mosquitto.port}/solar/alerts`);
    expect(mqtt.kind).toBe('mqtt');
    expect(mqtt.masked).toBe(`mqtt://alerts:****@127.0.0.1:${mosquitto.port}/solar/alerts`);
    let states: SubjectState[] = [];
    mqtt.start(() => states);

    const raised = {
      id: '1',
      event: 'raised' as const,
      title: 'Roof is silent',
      text: silent.text,
      alert: silent,
    };
    const down = await mqtt.send(raised, 3000);
    expect(down).toMatchObject({ ok: false, status: null });
    expect(down.answer).toMatch(/ECONNREFUSED|timeout|not connected/);

    await mosquitto.start();
    states = [{ standing: [silent], latest: silent }];
    await until(async () => (await mqtt.send(raised, 3000)).ok, 15_000, 'the broker taking the message');

    // A subscriber that comes later gets the retained messages.
    const seen = await subscribe(mosquitto);
    const state = `solar/alerts/inverter-silent/${SERIAL}`;
    const config = `homeassistant/binary_sensor/solar_alerts/inverter_silent_${SERIAL}/config`;
    await until(() => seen.last.has(state) && seen.last.has(config), 5000, 'the retained topics');
    expect(seen.last.get(state)).toEqual({ payload: 'ON', retain: true });
    expect(seen.last.get('solar/alerts/status')).toEqual({ payload: 'online', retain: true });
    expect(seen.json(`${state}/attributes`)).toEqual({
      rule: 'inverter-silent',
      inverter: { serial: SERIAL, name: 'Roof' },
      text: silent.text,
      since: silent.started,
      ended: null,
      standing: 1,
      alert_id: 7,
    });
    expect(seen.json(config)).toMatchObject({
      name: 'Roof inverter silent',
      unique_id: `solar_alerts_inverter_silent_${SERIAL}`,
      device_class: 'problem',
      state_topic: state,
      payload_on: 'ON',
      payload_off: 'OFF',
      json_attributes_topic: `${state}/attributes`,
      availability_topic: 'solar/alerts/status',
      device: { identifiers: ['opendtu_companion_solar_alerts'], name: 'OpenDTU companion' },
    });

    // A rule of the DTU itself has no serial in its topic; resolving turns the state OFF.
    states = [
      { standing: [silent], latest: silent },
      { standing: [dtuDown], latest: dtuDown },
    ];
    expect((await mqtt.send({ ...raised, id: '2', alert: dtuDown }, 5000)).ok).toBe(true);
    const ended = { ...silent, ended: '2026-06-21T10:30:00.000Z' };
    states = [
      { standing: [], latest: ended },
      { standing: [dtuDown], latest: dtuDown },
    ];
    const resolved = await mqtt.send({ ...raised, id: '3', event: 'resolved', alert: ended }, 5000);
    expect(resolved).toMatchObject({ ok: true, status: null });
    expect(resolved.answer).toMatch(/PUBACK/);
    await until(() => seen.last.get(state)?.payload === 'OFF', 5000, 'the state OFF');
    expect(seen.last.get('solar/alerts/dtu-unreachable')?.payload).toBe('ON');
    expect(seen.json<{ ended: string }>(`${state}/attributes`).ended).toBe(ended.ended);
    expect(seen.json(`homeassistant/binary_sensor/solar_alerts/dtu_unreachable/config`)).toMatchObject({
      name: 'DTU unreachable',
      state_topic: 'solar/alerts/dtu-unreachable',
    });

    // A broker restarted without persistence forgot it all: the reconnect publishes it again.
    await seen.close();
    await mosquitto.stop();
    await mosquitto.start();
    const after = await subscribe(mosquitto);
    await until(
      () => after.last.has(state) && after.last.has('solar/alerts/dtu-unreachable'),
      15_000,
      'the states published again',
    );
    const late = await subscribe(mosquitto);
    await until(() => late.last.has(config) && late.last.has(state), 5000, 'the retained topics again');
    expect(late.last.get(state)).toEqual({ payload: 'OFF', retain: true });
    expect(late.last.get('solar/alerts/dtu-unreachable')).toEqual({ payload: 'ON', retain: true });

    // The test message is not retained; closing says offline.
    const test = await mqtt.send(
      { id: 'test-1', event: 'test', title: 'Test', text: 'Hello', alert: null },
      5000,
    );
    expect(test.ok).toBe(true);
    await until(() => after.last.has('solar/alerts/test'), 5000, 'the test message');
    expect(after.last.get('solar/alerts/test')).toEqual({
      payload: JSON.stringify({ title: 'Test', text: 'Hello' }),
      retain: false,
    });
    await mqtt.close();
    await until(() => after.last.get('solar/alerts/status')?.payload === 'offline', 5000, 'offline');
  }, 60_000);

  it('says the broker refused the login, and takes ?discovery=off', async () => {
    const mosquitto = await broker();
    await mosquitto.start();
    const wrong = channel(`mqtts://alerts:wrong@127.0.0.1:${mosquitto.port}/plant`.replace('mqtts', 'mqtt'));
    const answer = await wrong.send({ id: '1', event: 'test', title: 'T', text: 'x', alert: null }, 5000);
    expect(answer.ok).toBe(false);
    expect(answer.answer).toMatch(/[Nn]ot authorized|[Bb]ad user name or password/);

    const quiet = channel(`mqtt://alerts:m9tt-pass@127.0.0.1:${mosquitto.port}/plant?discovery=off`);
    const seen = await subscribe(mosquitto);
    quiet.start(() => []);
    expect(
      (await quiet.send({ id: '1', event: 'raised', title: 'T', text: 'x', alert: dtuDown }, 5000)).ok,
    ).toBe(true);
    await until(() => seen.last.has('plant/dtu-unreachable'), 5000, 'the state');
    expect([...seen.last.keys()].filter((topic) => topic.startsWith('homeassistant/'))).toEqual([]);
  }, 30_000);
});

describe('e-mail channel', () => {
  it('sends the message through a real SMTP server with the credentials, and says why not', async () => {
    const receiver = new MailReceiver(await freePort(), 'owner@plant.example', 'm4il-pass');
    cleanups.push(() => receiver.remove());
    const url = `smtp://owner%40plant.example:m4il-pass@127.0.0.1:${receiver.port}?to=me@home.example,you@home.example`;
    const mail = channel(url);
    expect(mail.kind).toBe('email');
    expect(mail.masked).not.toContain('m4il-pass');
    expect(mail.secrets).toContain('m4il-pass');
    const delivery = {
      id: '42',
      event: 'raised' as const,
      title: 'OpenDTU: Roof is silent',
      text: silent.text,
      alert: silent,
    };

    const down = await mail.send(delivery, 3000);
    expect(down).toMatchObject({ ok: false, status: null });
    expect(down.answer).toMatch(/ECONNREFUSED/);

    await receiver.start();
    const sent = await mail.send(delivery, 10_000);
    expect(sent).toMatchObject({ ok: true, status: null });
    expect(sent.answer).toMatch(/^250/);
    const [received] = await receiver.mails();
    expect(received).toMatchObject({
      from: 'owner@plant.example',
      to: ['me@home.example', 'you@home.example'],
    });
    expect(headerOf(received!, 'Subject')).toBe('OpenDTU: Roof is silent');
    expect(headerOf(received!, 'From')).toBe('owner@plant.example');
    expect(headerOf(received!, 'X-OpenDTU-Message-Id')).toBe('42');
    expect(received!.data).toContain(silent.text);

    const wrong = channel(url.replace('m4il-pass', 'wrong'));
    const refused = await wrong.send(delivery, 10_000);
    expect(refused.ok).toBe(false);
    expect(refused.answer).toMatch(/^535/);
    expect(await receiver.mails()).toHaveLength(1);
  }, 30_000);
});

// The second part's rules end to end: the virtual DTU as its own process at a simulated
// noon (60 times real speed: a device minute is a real second), a string made dark, a limit
// command made to fail and an event log entry added through the emulator's faults, and a
// local webhook receiver.
import type { AlertsAnswer, AlertWebhookBody } from '@opendtu/api';
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { parseChannel } from '../src/alerts/channels';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../src/alerts/rules';
import { startDay } from '../src/recorder/day-energy';
import { HistoryStore } from '../src/recorder/db/history-store';
import { openDatabase } from '../src/recorder/db/open';
import { Receiver } from './alerts-receiver';
import { ADMIN_AUTH, call, freePort, postData, startCompanion, startDevice, tempDir, until } from './helpers';
import type { TestDevice } from './helpers';

const SPEED = 60;
const HOUSE = '116491234568';
const GARAGE = '114181234569';
const rules = DEFAULT_ALERT_SETTINGS.rules;
/** Three device minutes for the timed rules; the event log read every device minute. */
const SETTINGS: AlertSettings = {
  ...DEFAULT_ALERT_SETTINGS,
  rules: {
    ...rules,
    'inverter-silent': { ...rules['inverter-silent'], enabled: false },
    'string-weak': { ...rules['string-weak'], minutes: 3 },
    'command-failed': { ...rules['command-failed'], minutes: 3 },
    eventlog: { ...rules.eventlog, minutes: 1 },
  },
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The virtual DTU at `time` of the test's day and a receiver for the alerts, both gone after the test. */
async function deviceAndReceiver(time: string) {
  const dtu = await startDevice(`2026-06-21T${time}`, ['--speed', String(SPEED)]);
  cleanups.push(() => dtu.remove());
  const port = await freePort();
  const receiver = new Receiver(port);
  await receiver.start();
  cleanups.push(() => receiver.stop());
  return { dtu, port, receiver };
}

const fault = (dtu: TestDevice, body: object) =>
  call(new URL('emulator/faults', dtu.url).href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('alert rules against the virtual DTU', () => {
  it('tells a dark string, a failed limit command and a new event log entry, and when they are over', async () => {
    const { dtu, port, receiver } = await deviceAndReceiver('12:00');
    const server = await startCompanion(dtu.url, {
      speed: SPEED,
      alertChannels: [parseChannel(`http://127.0.0.1:${port}/hook`)],
      alertSettings: SETTINGS,
      alertRetryMaxMs: 300,
    });
    cleanups.push(() => server.close());
    const hooks = () => receiver.at('/hook').map((request) => JSON.parse(request.body) as AlertWebhookBody);
    const told = (rule: string, event = 'raised') =>
      hooks().filter(
        (body) => body.event === event && body.alert?.rule === rule && body.alert.inverter?.serial === HOUSE,
      );

    // The entries there before this server started are not told: wait for that first read.
    await until(
      () => server.lines.some((line) => line.includes('event log of House HMS-2000 holds')),
      30_000,
      'the first event log read',
    );
    expect((await fault(dtu, { fault: 'string-dark', serial: HOUSE, channel: 2 })).status).toBe(200);
    expect((await fault(dtu, { fault: 'limit-fails', serial: HOUSE })).status).toBe(200);
    expect((await fault(dtu, { fault: 'eventlog-entry', serial: HOUSE, id: 148 })).status).toBe(200);
    const limit = await postData(`${server.url}/api/limit/config`, {
      serial: HOUSE,
      limit_value: 50,
      limit_type: 1,
    });
    expect(limit.status).toBe(200);

    await until(
      () =>
        told('string-weak').length > 0 && told('command-failed').length > 0 && told('eventlog').length > 0,
      60_000,
      'the three alerts',
    );
    expect(told('string-weak')[0]!.text).toContain('Roof 3');
    expect(told('command-failed')[0]!.text).toMatch(/limit command/);
    const entry = told('eventlog')[0]!;
    expect(entry.text).toContain('Grid: Grid disconnection');
    // The entry was over when it was read: stored ended and told once.
    expect(entry.alert!.ended).not.toBeNull();

    const answer = (await call(`${server.url}/companion/api/alerts`, { auth: ADMIN_AUTH }))
      .body as AlertsAnswer;
    expect(answer.rules.find((rule) => rule.rule === 'string-weak')).toMatchObject({
      minutes: 3,
      threshold: 0.5,
    });
    expect(answer.open.map((alert) => alert.rule)).toEqual(
      expect.arrayContaining(['string-weak', 'command-failed']),
    );

    await call(new URL('emulator/faults', dtu.url).href, { method: 'DELETE' });
    await until(
      () => told('string-weak', 'resolved').length > 0 && told('command-failed', 'resolved').length > 0,
      60_000,
      'the resolutions',
    );
    // Each told once, with no second message for the event that was already over.
    expect(told('eventlog', 'resolved')).toEqual([]);
    expect(told('eventlog')).toHaveLength(1);
    expect(told('command-failed')).toHaveLength(1);
  }, 150_000);

  it('tells the InfluxDB target failing and inverters hotter than set, and when the target takes again', async () => {
    const { dtu, port, receiver } = await deviceAndReceiver('12:00');
    const influxPort = await freePort();
    const influx = new Receiver(influxPort);
    cleanups.push(() => influx.stop());
    const only = Object.fromEntries(
      Object.values(rules).map((rule) => [rule.rule, { ...rule, enabled: false }]),
    ) as AlertSettings['rules'];
    only['influx-failing'] = { ...rules['influx-failing'], minutes: 2 };
    // Any inverter at noon is warmer than 20 °C.
    only['inverter-hot'] = { ...rules['inverter-hot'], enabled: true, minutes: 2, threshold: 20 };
    const server = await startCompanion(dtu.url, {
      speed: SPEED,
      influxUrl: new URL(`http://127.0.0.1:${influxPort}/write`),
      alertChannels: [parseChannel(`http://127.0.0.1:${port}/hook`)],
      alertSettings: { ...SETTINGS, rules: only },
      alertRetryMaxMs: 300,
    });
    cleanups.push(() => server.close());
    const bodies = () => receiver.at('/hook').map((request) => JSON.parse(request.body) as AlertWebhookBody);
    const told = (rule: string, event = 'raised') =>
      bodies().filter((body) => body.event === event && body.alert?.rule === rule);

    await until(
      () => told('influx-failing').length > 0 && told('inverter-hot').length === 3,
      60_000,
      'the alerts',
    );
    expect(told('influx-failing')[0]!.text).toMatch(/InfluxDB target has taken no samples since/);
    expect(
      told('inverter-hot')
        .map((body) => body.alert!.inverter!.serial)
        .sort(),
    ).toEqual(['114181234569', '116491234568', '138291234567']);
    await influx.start();
    await until(() => told('influx-failing', 'resolved').length > 0, 60_000, 'the target back');
    expect(influx.received.length).toBeGreaterThan(0);
    expect(told('influx-failing')).toHaveLength(1);
  }, 150_000);

  it("tells yesterday's weak energy in the morning from what the history database recorded", async () => {
    const dataDir = await tempDir('alerts-energy');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // Fifteen recorded days: fourteen of 5 kWh, then yesterday's 1.2 kWh.
    const connection = openDatabase(dataDir);
    const history = new HistoryStore(connection);
    const inv = history.inverterId(GARAGE, 'Garage HM-800', ['Garage left', 'Garage right']);
    for (let date = 6; date <= 20; date += 1) {
      const day = `2026-06-${String(date).padStart(2, '0')}`;
      history.saveDay(inv, startDay(day, undefined), date === 20 ? 1200 : 5000);
    }
    connection.close();
    const { dtu, port, receiver } = await deviceAndReceiver('10:00');
    const only = Object.fromEntries(
      Object.values(rules).map((rule) => [rule.rule, { ...rule, enabled: rule.rule === 'energy-low' }]),
    ) as AlertSettings['rules'];
    const server = await startCompanion(dtu.url, {
      speed: SPEED,
      dataDir,
      alertChannels: [parseChannel(`http://127.0.0.1:${port}/hook`)],
      alertSettings: { ...SETTINGS, rules: only },
      alertRetryMaxMs: 300,
    });
    cleanups.push(() => server.close());
    await until(() => receiver.received.length > 0, 30_000, 'the energy alert');
    const body = JSON.parse(receiver.received[0]!.body) as AlertWebhookBody;
    expect(body).toMatchObject({
      event: 'raised',
      alert: { rule: 'energy-low', inverter: null, ended: null },
    });
    expect(body.text).toBe(
      'Yesterday (2026-06-20) the plant made 1.20 kWh, 24 % of the median of the 14 days before.',
    );
  }, 150_000);

  it('holds messages in quiet hours and sends them at their end, then reminds while the alert stands', async () => {
    const { dtu, port, receiver } = await deviceAndReceiver('12:00');
    const only = Object.fromEntries(
      Object.values(rules).map((rule) => [
        rule.rule,
        { ...rule, enabled: rule.rule === 'inverter-silent', minutes: 2 },
      ]),
    ) as AlertSettings['rules'];
    const server = await startCompanion(dtu.url, {
      speed: SPEED,
      alertChannels: [parseChannel(`http://127.0.0.1:${port}/hook`)],
      alertSettings: {
        ...SETTINGS,
        rules: only,
        quietHours: { from: 11 * 60, to: 12 * 60 + 20 },
        reminderHours: 0.25,
      },
      alertRetryMaxMs: 300,
    });
    cleanups.push(() => server.close());
    const alerts = async () =>
      (await call(`${server.url}/companion/api/alerts`, { auth: ADMIN_AUTH })).body as AlertsAnswer;
    const deviceMinute = async (): Promise<number> => {
      const status = (await call(`${server.url}/api/ntp/status`)).body as { ntp_localtime: string };
      const [, hour, minute] = / (\d\d):(\d\d):\d\d$/.exec(status.ntp_localtime)!;
      return Number(hour) * 60 + Number(minute);
    };
    await until(async () => (await alerts()).daylight !== null, 15_000, 'the device sun times');
    expect((await alerts()).quiet_hours).toEqual({ from: '11:00', to: '12:20' });
    expect((await fault(dtu, { fault: 'inverter-silent', serial: GARAGE })).status).toBe(200);

    await until(async () => (await alerts()).open.length > 0, 30_000, 'the alert stored');
    const stored = (await alerts()).open[0]!;
    if ((await deviceMinute()) < 12 * 60 + 19) {
      // Raised and stored, its message waiting (not failing) for the end of the quiet hours.
      expect(receiver.received).toEqual([]);
      expect(stored.sent).toMatchObject([{ event: 'raised', sent: null, attempts: 0 }]);
    }
    await until(() => receiver.received.length > 0, 60_000, 'the message after the quiet hours');
    expect(await deviceMinute()).toBeGreaterThanOrEqual(12 * 60 + 20);
    const bodies = () => receiver.at('/hook').map((request) => JSON.parse(request.body) as AlertWebhookBody);
    expect(bodies()[0]).toMatchObject({ event: 'raised', alert: { id: stored.id } });

    await until(() => bodies().length >= 2, 60_000, 'the reminder');
    expect(bodies()[1]).toMatchObject({ event: 'raised', alert: { id: stored.id, ended: null } });
    expect(bodies()[1]!.title).toMatch(/^OpenDTU: still: /);
  }, 150_000);
});

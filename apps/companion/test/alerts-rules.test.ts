// The second part's rules end to end: the virtual DTU as its own process at a simulated
// noon (60 times real speed: a device minute is a real second), a string made dark, a limit
// command made to fail and an event log entry added through the emulator's faults, and a
// local webhook receiver.
import type { AlertsAnswer, AlertWebhookBody } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import { parseChannel } from '../src/alerts/channels';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../src/alerts/rules';
import { Receiver } from './alerts-receiver';
import {
  ADMIN_AUTH,
  call,
  freePort,
  postData,
  startCompanion,
  startDevice,
  until,
  type TestDevice,
} from './helpers';

const SPEED = 60;
const HOUSE = '116491234568';
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

const fault = (dtu: TestDevice, body: object) =>
  call(new URL('emulator/faults', dtu.url).href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('alert rules against the virtual DTU', () => {
  it('tells a dark string, a failed limit command and a new event log entry, and when they are over', async () => {
    const dtu = await startDevice(['--time', '2026-06-21T12:00', '--speed', String(SPEED)]);
    cleanups.push(() => dtu.remove());
    const port = await freePort();
    const receiver = new Receiver(port);
    await receiver.start();
    cleanups.push(() => receiver.stop());
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
});

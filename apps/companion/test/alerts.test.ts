// Alerts end to end: the virtual DTU as its own process at a simulated noon (60 times real
// speed, so a device minute is a real second), an inverter made silent through the
// emulator's faults, and a local HTTP server as the ntfy and webhook receiver.
import type { AlertSettingsBody, AlertsAnswer, AlertTestAnswer, AlertWebhookBody } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import { parseChannel } from '../src/alerts/channels';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from '../src/alerts/rules';
import { Receiver } from './alerts-receiver';
import {
  ADMIN_AUTH,
  call,
  deviceTime,
  freePort,
  recordedUntil,
  startCompanion,
  startDevice,
  tempDir,
  until,
} from './helpers';
import type { TestCompanion, TestDevice } from './helpers';

const SPEED = 60;
/** Thresholds in device minutes: 3 device minutes pass in 3 real seconds. */
const SETTINGS: AlertSettings = {
  ...DEFAULT_ALERT_SETTINGS,
  rules: {
    // Only the rules these tests are about: the others have tests of their own.
    ...(Object.fromEntries(
      Object.values(DEFAULT_ALERT_SETTINGS.rules).map((rule) => [rule.rule, { ...rule, enabled: false }]),
    ) as AlertSettings['rules']),
    'inverter-silent': { rule: 'inverter-silent', enabled: true, minutes: 3 },
    'dtu-unreachable': { rule: 'dtu-unreachable', enabled: true, minutes: 3 },
  },
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function device(time: string, speed = SPEED): Promise<TestDevice> {
  const started = await startDevice(time, ['--speed', String(speed)]);
  cleanups.push(() => started.remove());
  return started;
}

async function serials(dtu: TestDevice): Promise<string[]> {
  const live = (await call(new URL('api/livedata/status', dtu.url).href, { auth: ADMIN_AUTH })).body as {
    inverters: { serial: string }[];
  };
  return live.inverters.map((inverter) => inverter.serial);
}

async function companion(
  dtu: TestDevice,
  port: number,
  dataDir?: string,
  speed = SPEED,
): Promise<TestCompanion> {
  const started = await startCompanion(dtu.url, {
    speed,
    ...(dataDir ? { dataDir } : {}),
    alertChannels: [
      parseChannel(`ntfy://owner:n7fy-pass@127.0.0.1:${port}/plant`),
      parseChannel(`http://127.0.0.1:${port}/hook`),
    ],
    alertSettings: SETTINGS,
    alertRetryMaxMs: 300,
  });
  cleanups.push(() => started.close());
  return started;
}

const alertsOf = async (server: TestCompanion): Promise<AlertsAnswer> => {
  const answer = await call(`${server.url}/companion/api/alerts`, { auth: ADMIN_AUTH });
  expect(answer.status).toBe(200);
  return answer.body as AlertsAnswer;
};

const fault = (dtu: TestDevice, body: object) =>
  call(new URL('emulator/faults', dtu.url).href, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const clearFaults = (dtu: TestDevice) => call(new URL('emulator/faults', dtu.url).href, { method: 'DELETE' });

const hooks = (receiver: Receiver): AlertWebhookBody[] =>
  receiver.at('/hook').map((request) => JSON.parse(request.body) as AlertWebhookBody);

/** A device at a June noon, the receiver of both channels, the companion in front; `silent`: its first inverter. */
async function noonPlant() {
  const dtu = await device('2026-06-21T12:00');
  const [silent] = await serials(dtu);
  const port = await freePort();
  const receiver = new Receiver(port);
  await receiver.start();
  cleanups.push(() => receiver.stop());
  const server = await companion(dtu, port);
  return { dtu, silent: silent!, port, receiver, server };
}

describe('alerts', () => {
  it('tells a silent inverter at noon on both channels, once, and tells when it is back', async () => {
    const { dtu, silent, port, receiver, server } = await noonPlant();

    expect((await call(`${server.url}/companion/api/alerts`)).status).toBe(401);
    await until(async () => (await alertsOf(server)).daylight !== null, 15_000, 'the device sun times');
    const before = await alertsOf(server);
    expect(before.open).toEqual([]);
    expect(before.channels).toEqual([
      { kind: 'ntfy', url: `ntfy://owner:****@127.0.0.1:${port}/plant` },
      { kind: 'webhook', url: `http://127.0.0.1:${port}/hook` },
    ]);
    expect(JSON.stringify(before)).not.toContain('n7fy-pass');

    expect((await fault(dtu, { fault: 'inverter-silent', serial: silent })).status).toBe(200);
    await until(
      () => receiver.at('/plant').length >= 1 && receiver.at('/hook').length >= 1,
      30_000,
      'the alert',
    );
    const ntfy = receiver.at('/plant')[0]!;
    expect(ntfy.headers.title).toMatch(/silent|produces nothing/);
    expect(ntfy.headers.priority).toBe('4');
    expect(ntfy.headers.tags).toBe('warning');
    expect(ntfy.headers.authorization).toBe(`Basic ${Buffer.from('owner:n7fy-pass').toString('base64')}`);
    expect(ntfy.body).toContain(silent);
    const [raised] = hooks(receiver);
    expect(raised).toMatchObject({ event: 'raised', alert: { rule: 'inverter-silent', ended: null } });
    expect(raised!.alert!.inverter!.serial).toBe(silent);

    const open = await alertsOf(server);
    expect(open.open).toHaveLength(1);
    expect(open.open[0]!.inverter!.serial).toBe(silent);
    await until(
      async () => (await alertsOf(server)).open[0]!.sent.every((delivery) => delivery.sent !== null),
      10_000,
      'deliveries noted',
    );

    await clearFaults(dtu);
    await until(() => hooks(receiver).some((body) => body.event === 'resolved'), 30_000, 'the resolution');
    await until(() => receiver.at('/plant').length === 2, 10_000, 'the ntfy resolution');
    expect(receiver.at('/plant')[1]!.headers.tags).toBe('white_check_mark');
    const after = await alertsOf(server);
    expect(after.open).toEqual([]);
    expect(after.past).toHaveLength(1);
    expect(after.past[0]!.ended).not.toBeNull();
    expect(after.past[0]!.sent.map((delivery) => `${delivery.event} ${delivery.channel}`)).toEqual([
      `raised ntfy://owner:****@127.0.0.1:${port}/plant`,
      `raised http://127.0.0.1:${port}/hook`,
      `resolved ntfy://owner:****@127.0.0.1:${port}/plant`,
      `resolved http://127.0.0.1:${port}/hook`,
    ]);
    // Raised once and resolved once, for that inverter only.
    expect(hooks(receiver).map((body) => `${body.event} ${body.alert!.inverter!.serial}`)).toEqual([
      `raised ${silent}`,
      `resolved ${silent}`,
    ]);
    expect(server.lines.join('\n')).not.toContain('n7fy-pass');

    const test = await call(`${server.url}/companion/api/alerts/test`, { method: 'POST', auth: ADMIN_AUTH });
    expect(test.status).toBe(200);
    expect((test.body as AlertTestAnswer).results).toEqual([
      expect.objectContaining({
        ok: true,
        status: 200,
        channel: `ntfy://owner:****@127.0.0.1:${port}/plant`,
      }),
      expect.objectContaining({ ok: true, status: 200, channel: `http://127.0.0.1:${port}/hook` }),
    ]);
    expect(hooks(receiver).at(-1)).toMatchObject({ event: 'test', alert: null });
  }, 90_000);

  it('closes an open alert quietly when the owner switches its rule off', async () => {
    const { dtu, silent, port, receiver, server } = await noonPlant();
    await until(async () => (await alertsOf(server)).daylight !== null, 15_000, 'the device sun times');
    await fault(dtu, { fault: 'inverter-silent', serial: silent });
    await until(async () => (await alertsOf(server)).open.length === 1, 30_000, 'the alert');

    const answer = await alertsOf(server);
    const body: AlertSettingsBody = {
      rules: answer.rules.map((rule) =>
        rule.rule === 'inverter-silent' ? { ...rule, enabled: false } : rule,
      ),
      twilight_minutes: answer.twilight_minutes,
      reminder_hours: answer.reminder_hours,
      quiet_hours: answer.quiet_hours,
      channels: [`http://127.0.0.1:${port}/hook`],
    };
    const saved = await call(`${server.url}/companion/api/alerts/settings`, {
      method: 'POST',
      auth: ADMIN_AUTH,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(saved.status).toBe(200);
    const switchedOff = await deviceTime(dtu.url);
    const after = await alertsOf(server);
    expect(after.open).toEqual([]);
    expect(after.past[0]).toMatchObject({ rule: 'inverter-silent', inverter: { serial: silent } });
    expect(after.past[0]!.ended).not.toBeNull();
    expect(server.lines.join('\n')).toContain('Alert closed, its rule is switched off');
    // Still silent, but nobody watches it: nothing more is raised, and no "resolved" is told,
    // five device minutes on (longer than the rule's three) as the companion has seen them.
    await recordedUntil(server.url, switchedOff + 5 * 60_000);
    expect((await alertsOf(server)).open).toEqual([]);
    expect(hooks(receiver).map((hook) => hook.event)).toEqual(['raised']);
  }, 90_000);

  it('keeps every message for a receiver that is down, and a restart neither forgets nor resends', async () => {
    const dtu = await device('2026-06-21T12:00');
    const [silent] = await serials(dtu);
    const port = await freePort();
    const receiver = new Receiver(port);
    cleanups.push(() => receiver.stop());
    const dataDir = await tempDir('alerts');
    let server = await companion(dtu, port, dataDir);
    await until(async () => (await alertsOf(server)).daylight !== null, 15_000, 'the device sun times');

    await fault(dtu, { fault: 'inverter-silent', serial: silent });
    await until(
      async () => (await alertsOf(server)).open[0]?.sent.every((delivery) => delivery.attempts >= 2) ?? false,
      30_000,
      'the alert raised and tried twice on each channel',
    );
    const waiting = (await alertsOf(server)).open[0]!;
    expect(waiting.sent.every((delivery) => delivery.sent === null && delivery.last_answer !== null)).toBe(
      true,
    );

    // Restarted while the alert stands and its messages wait.
    await server.close();
    cleanups.pop();
    server = await companion(dtu, port, dataDir);
    await receiver.start();
    await until(() => receiver.received.length >= 2, 15_000, 'the waiting messages');
    await clearFaults(dtu);
    await until(() => receiver.received.length >= 4, 30_000, 'the resolution');
    expect(hooks(receiver).map((body) => body.event)).toEqual(['raised', 'resolved']);
    expect(receiver.at('/plant')).toHaveLength(2);
    const answer = await alertsOf(server);
    expect(answer.open).toEqual([]);
    expect(answer.past.map((alert) => alert.id)).toEqual([waiting.id]);

    // Another restart: nothing is sent again.
    await server.close();
    cleanups.pop();
    server = await companion(dtu, port, dataDir);
    await until(async () => (await alertsOf(server)).daylight !== null, 15_000, 'the device sun times');
    // Five device minutes, longer than the rule's three, as the companion has seen them.
    await recordedUntil(server.url, (await deviceTime(dtu.url)) + 5 * 60_000);
    expect(receiver.received).toHaveLength(4);
    expect((await alertsOf(server)).past).toHaveLength(1);
  }, 120_000);

  it('raises nothing over hours of a simulated night, however silent an inverter is', async () => {
    const speed = 600;
    const dtu = await device('2026-06-21T23:00', speed);
    const [silent] = await serials(dtu);
    const port = await freePort();
    const receiver = new Receiver(port);
    await receiver.start();
    cleanups.push(() => receiver.stop());
    const server = await companion(dtu, port, undefined, speed);
    await until(async () => (await alertsOf(server)).daylight !== null, 15_000, 'the device sun times');
    await fault(dtu, { fault: 'inverter-silent', serial: silent });
    const hourOf = async (): Promise<number> => {
      const status = (await call(`${server.url}/api/ntp/status`)).body as { ntp_localtime: string };
      return Number(/ (\d\d):\d\d:\d\d$/.exec(status.ntp_localtime)![1]);
    };
    // From 23:00 to past 02:00: three hours at ten device minutes a real second.
    await until(async () => (await hourOf()) === 2, 40_000, 'two in the morning');
    expect(receiver.received).toEqual([]);
    const answer = await alertsOf(server);
    expect(answer.open).toEqual([]);
    expect(answer.past).toEqual([]);
  }, 90_000);
});

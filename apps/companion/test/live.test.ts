import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_AUTH,
  call,
  deviceDay,
  devicePassed,
  deviceTime,
  JUNE_NOON,
  openSocket,
  postData,
  startCompanion,
  startDevice,
  until,
  wait,
  type SocketClient,
  type TestCompanion,
  type TestDevice,
} from './helpers';

/** The lines the device's live socket logs at each change of its state. */
const SOCKET_STATE =
  /^(Receiving live data|The device at .* does not answer|Lost the connection|The device refuses|The device answered the live socket)/;

/**
 * Waits until the companion receives the device's live data (again): its socket's latest
 * state line says so. Other lines may follow it (an alert the plant raises meanwhile).
 */
const liveUp = (companion: TestCompanion): Promise<void> =>
  until(
    () =>
      companion.lines
        .filter((line) => SOCKET_STATE.test(line))
        .at(-1)
        ?.startsWith('Receiving live data') === true,
    30_000,
    'live data',
  );

const WRONG_AUTH = `Basic ${Buffer.from('admin:guessed').toString('base64')}`;

/** A frame is one inverter's live data (contract §5.4). */
const serialsIn = (frames: string[]): Set<string> =>
  new Set(
    frames.map((frame) => (JSON.parse(frame) as { inverters: { serial: string }[] }).inverters[0]!.serial),
  );

// v25.4.10 leaves its sockets open whatever the read-only setting; v26.3.30 challenges them
// while read-only access is off. The companion follows the device it fronts.
describe.each(['v25.4.10', 'v26.3.30'])('live data through the companion (device %s)', (release) => {
  let device: TestDevice;
  let companion: TestCompanion;
  const clients: SocketClient[] = [];
  beforeAll(async () => {
    // At noon on the device, so its inverters answer. No password: when read-only access
    // goes off, the server's own socket is refused.
    device = await startDevice(JUNE_NOON, ['--firmware', release]);
    // Each inverter read every 3 s: after the outage below (4 s) the device's newest
    // readings are newer than the kill.
    const dtu = (await call(new URL('api/dtu/config', device.url).href, { auth: ADMIN_AUTH })).body as object;
    await postData(new URL('api/dtu/config', device.url).href, { ...dtu, pollinterval: 1 });
    companion = await startCompanion(device.url);
    await liveUp(companion);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.socket.terminate();
  });
  afterAll(async () => {
    await companion?.close();
    await device?.remove();
  });

  it('feeds 20 browsers from one device socket', async () => {
    // The device's console names every socket client it takes (contract §6).
    const deviceConsole = await openSocket(`ws://${device.url.host}/console`);
    clients.push(deviceConsole);
    for (let i = 0; i < 20; i += 1) clients.push(await openSocket(`${companion.ws}/livedata`));
    const browsers = clients.slice(1);
    // The device evicts the oldest beyond 8 once a second; through us all 20 stay and keep
    // receiving, seconds later on the device's clock.
    await devicePassed(device.url, 2500);
    const counts = browsers.map((browser) => browser.frames.length);
    // Every inverter of the device reaches every browser (each is pushed at least every 10 s).
    const live = (await call(new URL('api/livedata/status', device.url).href, { auth: ADMIN_AUTH })).body as {
      inverters: { serial: string }[];
    };
    const everyInverter = new Set(live.inverters.map(({ serial }) => serial));
    await until(
      () =>
        browsers.every(
          (browser, i) =>
            browser.frames.length > counts[i]! && serialsIn(browser.frames).size === everyInverter.size,
        ),
      30_000,
      'frames of every inverter to all',
    );
    expect(browsers.every((browser) => browser.socket.readyState === browser.socket.OPEN)).toBe(true);
    for (const browser of browsers) expect(serialsIn(browser.frames)).toEqual(everyInverter);
    const connects = deviceConsole.frames.join('').match(/\[\/livedata\]\[\d+\] connect/g) ?? [];
    expect(connects).toEqual([]);
  });

  it('passes the console through', async () => {
    const consoleClient = await openSocket(`${companion.ws}/console`);
    clients.push(consoleClient);
    // Any device activity is logged; a socket of ours opening is enough.
    clients.push(await openSocket(`ws://${device.url.host}/livedata`));
    await until(() => consoleClient.frames.join('').includes('[/livedata]'), 10_000, 'a console line');
  });

  it('keeps serving while the device is away, and the gap stays a gap', async () => {
    const today = (await call(`${companion.url}/companion/api/info`)).body as {
      companion: { timezone: string };
    };
    expect(today.companion.timezone).not.toBe('');
    await liveUp(companion);
    await until(
      async () => {
        const live = (await call(`${companion.url}/api/livedata/status`)).body as {
          inverters: { reachable: boolean }[];
        };
        return live.inverters.every((inverter) => inverter.reachable);
      },
      60_000,
      'every inverter reachable',
    );
    // Samples of every inverter recorded before the outage.
    await until(
      async () => {
        const power = (await call(`${companion.url}/companion/api/power?date=${await deviceDay(device.url)}`))
          .body as { inverters: { points: (number | null)[][] }[] };
        return (
          power.inverters.length > 0 &&
          power.inverters.every(({ points }) => points.some(([, ac]) => ac !== null))
        );
      },
      30_000,
      'samples of every inverter',
    );
    const browser = await openSocket(`${companion.ws}/livedata`);
    clients.push(browser);
    const before = companion.lines.length;
    // Times on the device's clock, as the samples are stamped.
    const killedAt = await deviceTime(device.url);
    await device.stop('SIGKILL');
    // The browser sees the device go: its socket closes and a new one is refused.
    expect(await browser.closed).toBe(1001);
    await expect(openSocket(`${companion.ws}/livedata`)).rejects.toThrow(/^HTTP 503$/);
    expect((await fetch(`${companion.url}/`)).status).toBe(200);
    // The outage lasts a few seconds (real time: the device's process is away).
    await wait(4000);
    await device.restart();
    const restartedAt = await deviceTime(device.url);
    await until(
      () => companion.lines.slice(before).some((line) => line.startsWith('Receiving live data')),
      30_000,
    );
    const back = await openSocket(`${companion.ws}/livedata`);
    clients.push(back);
    await until(() => back.frames.length > 0, 15_000, 'frames after the restart');
    // Recorded: samples before and after, and between them a row of nulls, not a line.
    // The virtual DTU's world goes on while its process is away (as a DTU behind a broken
    // network does), so the first reading after the gap may be one taken during the outage.
    const day = await deviceDay(device.url);
    type Power = { inverters: { points: (number | null)[][] }[] };
    let power: Power = { inverters: [] };
    await until(
      async () => {
        power = (await call(`${companion.url}/companion/api/power?date=${day}`)).body as Power;
        return power.inverters.every(({ points }) =>
          points.some(([t, ac]) => t! > restartedAt && ac !== null),
        );
      },
      60_000,
      'a sample of each inverter after the restart',
    );
    for (const { points } of power.inverters) {
      const empty = (point: (number | null)[] | undefined): boolean =>
        !!point && point.slice(1).every((v) => v === null);
      const gap = points.findIndex(
        (point, i) =>
          empty(point) &&
          !empty(points[i - 1]) &&
          !empty(points[i + 1]) &&
          // Stamps are the device's time as this server estimates it (the device tells
          // whole seconds): a reading taken just before the kill may come out just after.
          (points[i - 1]?.[0] ?? Infinity) < killedAt + 1000 &&
          (points[i + 1]?.[0] ?? 0) > killedAt,
      );
      expect(gap, JSON.stringify({ killedAt, restartedAt, points })).toBeGreaterThan(0);
    }
  }, 120_000);

  // Last, as it changes the device's access rule (the other tests expect read-only access on).
  it('follows the device when read-only access is off: tickets, never a challenge', async () => {
    const reader = await openSocket(`${companion.ws}/livedata`);
    clients.push(reader);
    const saved = await postData(`${companion.url}/api/security/config`, {
      password: 'openDTU42',
      allow_readonly: false,
    });
    expect(saved.body).toMatchObject({ type: 'success' });
    try {
      // A browser that showed no credentials is let go at once (by us or with the device).
      expect([1001, 1008]).toContain(await reader.closed);
      // v26.3.30 refuses the server's own socket now (no --password): each browser gets its
      // own. v25.4.10 leaves its sockets open to all; the companion admits tickets only anyway.
      if (release === 'v25.4.10') await liveUp(companion);
      else
        await until(
          () => companion.lines.some((line) => line.startsWith('The device refuses live data')),
          20_000,
        );
      await expect(openSocket(`${companion.ws}/livedata`)).rejects.toThrow(/^HTTP 401$/);
      await expect(openSocket(`${companion.ws}/console`)).rejects.toThrow(/^HTTP 401$/);
      const history = await call(`${companion.url}/companion/api/power?date=2026-06-21`);
      expect(history.status).toBe(401);
      expect(history.headers.get('www-authenticate')).toBeNull();
      expect(
        (await call(`${companion.url}/companion/api/power?date=2026-06-21`, { auth: ADMIN_AUTH })).status,
      ).toBe(200);

      expect((await call(`${companion.url}/companion/api/ticket`)).status).toBe(401);
      expect((await call(`${companion.url}/companion/api/ticket`, { auth: WRONG_AUTH })).status).toBe(401);
      const issued = await call(`${companion.url}/companion/api/ticket`, { auth: ADMIN_AUTH });
      expect(issued.body).toMatchObject({ ticket: expect.stringMatching(/^[\w-]{32}$/), expires_in: 30 });
      const { ticket } = issued.body as { ticket: string };

      const admin = await openSocket(`${companion.ws}/livedata?ticket=${ticket}`);
      clients.push(admin);
      await until(() => admin.frames.length > 0, 15_000, 'a frame for the ticket holder');
      // A ticket opens one socket.
      await expect(openSocket(`${companion.ws}/livedata?ticket=${ticket}`)).rejects.toThrow(/^HTTP 401$/);
      const second = (await call(`${companion.url}/companion/api/ticket`, { auth: ADMIN_AUTH })).body as {
        ticket: string;
      };
      const consoleClient = await openSocket(`${companion.ws}/console?ticket=${second.ticket}`);
      clients.push(consoleClient);
      expect(consoleClient.socket.readyState).toBe(consoleClient.socket.OPEN);
    } finally {
      await postData(`${companion.url}/api/security/config`, { password: 'openDTU42', allow_readonly: true });
      await liveUp(companion);
    }
  });
});

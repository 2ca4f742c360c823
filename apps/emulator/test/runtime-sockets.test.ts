import { parseLiveFrame } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, startTestDevice, type TestDevice } from './helpers';
import { HM, HMS, HMT, advance, post } from './runtime-helpers';
import WebSocket from 'ws';
import { pushRuns, until, useSocketTests } from './socket-helpers';

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});
const { listen, open } = useSocketTests();

const nextTurn = (): Promise<void> => new Promise((done) => setImmediate(done));

describe('WebSocket access without read-only access (contract §5.6)', () => {
  it('leaves both sockets open to anyone, as v25.4.10 does (its auth middleware is "none")', async () => {
    dev = await startTestDevice({ blank: true });
    dev.app.device.config.get().security.allow_readonly = false;
    const base = await listen(dev);
    const wrong = `Basic ${Buffer.from('admin:wrong-password').toString('base64')}`;
    for (const path of ['/console', '/livedata']) {
      for (const headers of [{}, { authorization: wrong }, { authorization: ADMIN_AUTH }] as Record<
        string,
        string
      >[]) {
        const { socket } = await open(`${base}${path}`, headers);
        expect(socket.readyState).toBe(WebSocket.OPEN);
      }
    }
  });

  it('disconnects open clients once when read-only access is switched off', async () => {
    dev = await startTestDevice({ blank: true });
    const base = await listen(dev);
    const live = await open(`${base}/livedata`);
    const console = await open(`${base}/console`);
    const closed = Promise.all([live, console].map((c) => new Promise((done) => c.socket.on('close', done))));
    dev.app.device.config.get().security.allow_readonly = false;
    await dev.app.device.saveConfig('security');
    await closed;
    // Reconnecting with credentials works at once.
    const again = await open(`${base}/livedata`, { authorization: ADMIN_AUTH });
    expect(again.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('/livedata push rules (contract §5.4)', () => {
  it('pushes an inverter on new data, and every inverter again only after more than 10 s', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    advance(dev, 60_000);
    const base = await listen(dev);
    const arrivals: { serial: string; at: number }[] = [];
    const { socket } = await open(`${base}/livedata`);
    const connectedAt = Date.now();
    socket.on('message', (data) =>
      arrivals.push({
        serial: parseLiveFrame(data.toString())!.inverters[0]!.serial,
        at: Date.now() - connectedAt,
      }),
    );
    // Nobody was connected: every inverter within the first tick.
    await until(() => arrivals.length >= 3);
    expect(arrivals.map((a) => a.serial).sort()).toEqual([HM, HMS, HMT].sort());
    // The clock stands still, so nothing is new (two more runs of the push task); one poll
    // interval later one inverter has new data.
    await pushRuns(dev, 2);
    expect(arrivals).toHaveLength(3);
    advance(dev, 5_000);
    await until(() => arrivals.length >= 4);
    await pushRuns(dev, 2);
    expect(arrivals).toHaveLength(4);
    // The others go out again once their last push is more than 10 s old.
    await until(() => arrivals.length >= 6, 12_000);
    const forced = arrivals.slice(4);
    const polled = arrivals[3]?.serial;
    expect(forced.map((a) => a.serial)).not.toContain(polled);
    // Measured at the client, so a few ms of delivery jitter either way; pushes go out on
    // 1 s ticks, so an early forced push would come a whole second early.
    for (const frame of forced) expect(frame.at - (arrivals[0]?.at ?? 0)).toBeGreaterThan(9_900);
  }, 25_000);
});

describe('slow clients (contract §5.6: 32 queued messages, then disconnected)', () => {
  it('disconnects a client that stops reading, and only that one', async () => {
    dev = await startTestDevice({ blank: true });
    const base = await listen(dev);
    const reader = await open(`${base}/console`);
    const stalled = await open(`${base}/console`);
    // The stalled client stops reading: its TCP buffers fill up, then the server's queue.
    (stalled.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    let disconnected = '';
    dev.app.device.console.on('data', (text) => {
      if (text.includes('disconnect')) disconnected += text;
    });
    const line = 'x'.repeat(440);
    for (let i = 0; i < 60_000 && !disconnected; i += 1) {
      dev.app.device.console.line(line);
      await nextTurn();
    }
    expect(disconnected).toBe('Websocket: [/console][2] disconnect\r\n');
    expect(reader.socket.readyState).toBe(WebSocket.OPEN);
    await until(() => reader.frames.length > 1000);
  });
});

describe('/console stream (contract §6)', () => {
  it('keeps at most 500 bytes per flush: a write that would reach 500 is dropped, single bytes fill it', async () => {
    dev = await startTestDevice({ blank: true });
    const base = await listen(dev);
    const { frames } = await open(`${base}/console`);
    await until(() => frames.join('').includes('connect'));
    frames.length = 0;
    const log = dev.app.device.console;
    const a = `${'a'.repeat(300)}\r\n`;
    log.write(a);
    log.write(`${'b'.repeat(197)}\r\n`); // 302 + 199 = 501: dropped
    const c = `${'c'.repeat(195)}\r\n`;
    log.write(c); // 302 + 197 = 499: kept
    log.write('x'); // single byte while below 500: kept (500)
    log.write('y'); // buffer full: dropped
    await until(() => frames.length > 0);
    log.line('after the flush');
    await until(() => frames.join('').includes('after the flush'));
    expect(frames[0]).toBe(`${a}${c}x`);
    expect(Buffer.byteLength(frames[0] ?? '')).toBe(500);
    expect(frames[1]).toBe('after the flush\r\n');
  });

  it('streams the poll loop and command re-sends as the device logs them', async () => {
    // Night: the inverter does not answer, so a limit command fails and is re-sent.
    dev = await startTestDevice({ start: Date.parse('2025-06-21T00:00:00Z') });
    const base = await listen(dev);
    const { frames } = await open(`${base}/console`);
    advance(dev, 20_000);
    await post(dev, '/api/limit/config', { serial: HM, limit_value: 50, limit_type: 1 });
    advance(dev, 30_000);
    await until(() => frames.join('').includes('Resend ActivePowerControl'));
    const text = frames.join('');
    expect(text).toMatch(/Fetch inverter: 114181234569\r\n/);
    expect(text).toMatch(/Queue size - NRF: \d+ CMT: 0\r\n/);
    expect(text).toMatch(/Queue size - NRF: 0 CMT: \d+\r\n/);
    expect(text).toContain('Resend ActivePowerControl\r\n');
  });

  it('holds the 500 bytes per poll turn the simulation catches up on, so a command heard after them is not dropped', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    const base = await listen(dev);
    const { frames } = await open(`${base}/console`);
    await until(() => frames.join('').includes('connect'));
    // Five device minutes pass before the next request: about 60 poll turns, several kB of
    // lines, all written when that request brings the simulation up to date.
    advance(dev, 300_000);
    await post(dev, '/api/limit/config', { serial: HM, limit_value: 50, limit_type: 1 });
    await until(() => frames.join('').includes('Set limit of 114181234569 to 50 %\r\n'));
    const text = frames.join('');
    expect(text.match(/Fetch inverter: /g)?.length).toBeGreaterThanOrEqual(50);
  });
});

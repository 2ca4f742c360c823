/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { parseLiveFrame } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestDevice, type TestDevice } from './helpers';
import WebSocket from 'ws';
import { pushRuns, until, useSocketTests, wait, type SocketClient } from './socket-helpers';

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});
const { listen, open } = useSocketTests();

describe('/livedata WebSocket (contract §5.4)', () => {
  it('pushes one full frame per inverter, shaped like GET ?inv=', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    const base = await listen(dev);
    const { frames } = await open(`${base}/livedata`);
    await until(() => frames.length >= 3);
    // Read as the web app and the companion read them: every frame is one.
    const parsed = frames.map((f) => parseLiveFrame(f));
    expect(parsed).not.toContain(undefined);
    const serials = new Set(parsed.map((p) => p!.inverters[0]!.serial));
    expect(serials.size).toBe(3);
    for (const frame of parsed as any[]) {
      expect(Object.keys(frame)).toEqual(['inverters', 'total', 'hints']);
      expect(frame.inverters).toHaveLength(1);
      const get = (
        await dev.app.inject({ url: `/api/livedata/status?inv=${frame.inverters[0].serial}` })
      ).json();
      expect(Object.keys(frame.inverters[0])).toEqual(Object.keys(get.inverters[0]));
      expect(Object.keys(frame.inverters[0].DC['0'])).toEqual(Object.keys(get.inverters[0].DC['0']));
    }
  });

  it('pushes nothing with zero inverters', async () => {
    dev = await startTestDevice({ blank: true });
    const base = await listen(dev);
    const { frames } = await open(`${base}/livedata`);
    await pushRuns(dev, 2);
    expect(frames).toEqual([]);
  });

  it('stays open when read-only access is off (v25.4.10; v26.3.30 asks, see firmware-releases)', async () => {
    dev = await startTestDevice();
    dev.app.device.config.get().security.allow_readonly = false;
    const base = await listen(dev);
    const { socket } = await open(`${base}/livedata`);
    expect(socket.readyState).toBe(WebSocket.OPEN);
  });

  it('keeps at most 8 clients, closing the oldest', async () => {
    dev = await startTestDevice({ blank: true });
    const base = await listen(dev);
    const clients: SocketClient[] = [];
    for (let i = 0; i < 9; i += 1) clients.push(await open(`${base}/livedata`));
    const firstClosed = new Promise((done) => clients[0]?.socket.on('close', done));
    await Promise.race([firstClosed, wait(2500)]);
    expect(clients[0]?.socket.readyState).not.toBe(WebSocket.OPEN);
    expect(clients[8]?.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('/console WebSocket (contract §6)', () => {
  it('streams raw log text (connects, polling) without backlog', async () => {
    dev = await startTestDevice({ start: Date.parse('2025-06-21T10:00:00Z') });
    dev.app.device.console.line('before anyone listens');
    const base = await listen(dev);
    const { frames } = await open(`${base}/console`);
    dev.clock.advance(20_000);
    dev.app.device.inverters.step(dev.clock.now());
    await until(() => /Fetch inverter: 114181234569\r\n/.test(frames.join('')));
    const text = frames.join('');
    expect(text).not.toContain('before anyone listens');
    expect(text).toContain('Websocket: [/console][1] connect\r\n');
    expect(text).toMatch(/Fetch inverter: 114181234569\r\n/);
    expect(() => JSON.parse(frames[0] ?? '')).toThrow();
  });
});

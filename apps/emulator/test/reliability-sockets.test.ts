import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_AUTH, startTestDevice, type TestDevice } from './helpers';

/**
 * Issue 16, sockets (contract §5.4-§5.6, §6): 1,000 connect/disconnect cycles, a reader
 * that stops reading, and a flood of client messages. The device keeps answering HTTP and
 * serving its other socket clients, and once the clients are gone its memory is back at
 * the baseline (heap after a full garbage collection, measured in this process, which runs
 * the device).
 */

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Heap in use after full collections, in MB. */
async function heapMb(): Promise<number> {
  for (let pass = 0; pass < 3; pass += 1) {
    collectGarbage();
    await new Promise((done) => setTimeout(done, 50));
  }
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Heap growth that still counts as "back at baseline" (a leak of 1,000 clients is far more). */
const TOLERANCE_MB = 6;
const CYCLES = 1000;
const MESSAGES = 10_000;

let device: TestDevice;
let ws: string;

beforeAll(async () => {
  device = await startTestDevice();
  await device.app.listen({ port: 0, host: '127.0.0.1' });
  const address = device.app.server.address();
  ws = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await device.close();
});

function open(path: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${ws}${path}`);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const closed = (socket: WebSocket): Promise<void> =>
  socket.readyState === WebSocket.CLOSED
    ? Promise.resolve()
    : new Promise((done) => socket.once('close', () => done()));

/** The device answers an HTTP request (it is not stuck). */
async function responsive(): Promise<void> {
  const response = await device.app.inject({
    url: '/api/system/status',
    headers: { authorization: ADMIN_AUTH },
  });
  expect(response.statusCode).toBe(200);
}

describe('issue 16: socket abuse', () => {
  it(`${CYCLES} connect/disconnect cycles and a slow reader: the device stays responsive, memory returns to baseline`, async () => {
    // A normal console listener and a reader that has stopped reading, for the whole run.
    const listener = await open('/console');
    let heard = 0;
    listener.on('message', () => (heard += 1));
    const slow = await open('/console');
    (slow as unknown as { _socket: { pause: () => void } })._socket.pause();
    // Warm up, then take the baseline.
    for (let i = 0; i < 20; i += 1) (await open('/livedata')).close();
    const baseline = await heapMb();

    const batch = 20;
    for (let done = 0; done < CYCLES; done += batch) {
      const sockets = await Promise.all(
        Array.from({ length: batch }, (_, i) => open((done + i) % 2 ? '/console' : '/livedata')),
      );
      // Half leave politely, half just drop the connection.
      for (const [i, socket] of sockets.entries()) {
        if (i % 2) socket.close();
        else socket.terminate();
      }
      await Promise.all(sockets.map(closed));
      if (done % 200 === 0) await responsive();
    }
    await responsive();
    // The connects and disconnects were logged to the console stream the listener still hears.
    expect(heard).toBeGreaterThan(0);
    slow.terminate();
    await closed(slow);
    const after = await heapMb();
    listener.close();
    console.log(
      `sockets: ${CYCLES} connect/disconnect cycles with a slow reader; heap ${baseline.toFixed(1)} MB before, ` +
        `${after.toFixed(1)} MB after (tolerance ${TOLERANCE_MB} MB); ${heard} console frames to the live listener`,
    );
    expect(after - baseline).toBeLessThan(TOLERANCE_MB);
  }, 120_000);

  it(`a flood of ${MESSAGES} client messages is ignored: the device stays responsive, memory returns to baseline`, async () => {
    const bystander = await open('/livedata');
    const baseline = await heapMb();
    const flooder = await open('/livedata');
    const sizes = [0, 1, 4, 100, 4096, 60_000];
    let sent = 0;
    for (let i = 0; i < MESSAGES; i += 1) {
      const size = sizes[i % sizes.length] ?? 1;
      flooder.send(i % 3 === 0 ? Buffer.alloc(size, i) : 'p'.repeat(size));
      sent += 1;
      if (i % 1000 === 0) {
        await new Promise<void>((done) => flooder.send('ping', () => done()));
        await responsive();
      }
    }
    await new Promise<void>((done) => flooder.send('ping', () => done()));
    await responsive();
    // The device ignores client data (contract §5.5): the flooder is still connected...
    expect(flooder.readyState).toBe(WebSocket.OPEN);
    // ...until a message over the frame limit, which closes only that connection (1009).
    const code = new Promise<number>((done) => flooder.once('close', (closeCode) => done(closeCode)));
    flooder.send(Buffer.alloc(65 * 1024));
    expect(await code).toBe(1009);
    expect(bystander.readyState).toBe(WebSocket.OPEN);
    await responsive();
    bystander.close();
    await closed(bystander);
    const after = await heapMb();
    console.log(
      `sockets: ${sent} client messages (0 B to 60 kB) and one over the limit; heap ${baseline.toFixed(1)} MB before, ` +
        `${after.toFixed(1)} MB after (tolerance ${TOLERANCE_MB} MB)`,
    );
    expect(after - baseline).toBeLessThan(TOLERANCE_MB);
  }, 120_000);
});

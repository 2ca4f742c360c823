import { createHash } from 'node:crypto';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LIMITS } from '../src/http/connections';
import { SKETCH_TOTAL } from '../src/routes/vitals';
import { ADMIN_AUTH, startTestDevice, type TestDevice } from './helpers';
import { multipartBody } from './upload';

/**
 * Issue 24, slow and silent clients (CLIENT_LIMITS, src/http/connections.ts): clients that
 * go quiet while sending headers or a body, trickle them, or connect and say nothing
 * (half-open connections, thousands of them), and a firmware image sent at a slow but
 * steady rate. Each gets a clear end: an answer, a 408, or the connection closed by the
 * device, and the device serves the next client. `SLOW_CLIENTS=full` runs the full size:
 * 20,000 silent connections and a 1.9 MB image at 16 and at 10 kB/s (about 5 minutes).
 */

const FULL = process.env.SLOW_CLIENTS === 'full';
const SILENT_CONNECTIONS = FULL ? 20_000 : 600;

let device: TestDevice;
let port: number;

beforeAll(async () => {
  device = await startTestDevice({ maxConnections: CLIENT_LIMITS.maxConnections });
  await device.app.listen({ port: 0, host: '127.0.0.1' });
  port = (device.app.server.address() as AddressInfo).port;
}, 30_000);
afterAll(async () => {
  await device.close();
});

interface Ending {
  /** Milliseconds from connecting until the device closed the connection. */
  afterMs: number;
  /** The status line of the answer, or '' when the device closed without one. */
  answer: string;
}

/** A raw connection: what the client sends is up to the test; resolves when the device closes it. */
function rawClient(): { socket: Socket; ended: Promise<Ending> } {
  const socket = connect(port, '127.0.0.1');
  const start = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {}); // a refused connection ends in a reset: the close below tells
  const ended = new Promise<Ending>((resolve) =>
    socket.on('close', () =>
      resolve({ afterMs: Date.now() - start, answer: received.split('\r\n')[0] ?? '' }),
    ),
  );
  return { socket, ended };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function deviceAnswers(): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/api/system/status`, {
    headers: { authorization: ADMIN_AUTH },
  });
  return response.ok;
}

/** Sends `bytes` in chunks at `bytesPerSecond` and resolves with how the device ended it. */
async function trickle(
  client: ReturnType<typeof rawClient>,
  bytes: Buffer,
  bytesPerSecond: number,
): Promise<Ending> {
  const chunk = Math.max(1, Math.round(bytesPerSecond / 10));
  const start = Date.now();
  let closed = false;
  void client.ended.then(() => (closed = true));
  for (let offset = 0; offset < bytes.length && !closed; offset += chunk) {
    client.socket.write(bytes.subarray(offset, offset + chunk));
    // Paced by the clock, not by the sleeps, so the rate holds on a busy machine.
    await sleep(start + ((offset + chunk) / bytesPerSecond) * 1000 - Date.now());
  }
  return client.ended;
}

/** A firmware upload as the web app sends it (MD5 first), as raw bytes with its request head. */
function firmwareRequest(size: number): Buffer {
  const image = Buffer.alloc(size, 0x5a);
  image[0] = 0xe9;
  const { payload, contentType } = multipartBody([
    { name: 'MD5', content: createHash('md5').update(image).digest('hex') },
    { name: 'firmware', filename: 'firmware.bin', content: image },
  ]);
  const head =
    `POST /api/firmware/update HTTP/1.1\r\nHost: dtu\r\nAuthorization: ${ADMIN_AUTH}\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), payload]);
}

describe('issue 24: slow and silent clients', () => {
  it('a client that goes quiet is dropped after 3 s; trickled headers get 408 at 10 s; the next client is served', async () => {
    const silent = rawClient();
    const quietHead = rawClient();
    quietHead.socket.write('GET /api/system/status HTTP/1.1\r\nHost: dtu\r\n');
    const quietBody = rawClient();
    quietBody.socket.write(
      `POST /api/maintenance/reboot HTTP/1.1\r\nHost: dtu\r\nAuthorization: ${ADMIN_AUTH}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ndata=',
    );
    const slowHead = rawClient();
    const header = Buffer.from(`GET /api/system/status HTTP/1.1\r\n${'X-Slow: a\r\n'.repeat(100)}\r\n`);
    const endings = await Promise.all([
      silent.ended,
      quietHead.ended,
      quietBody.ended,
      trickle(slowHead, header, 10),
    ]);
    const [nothing, head, body, trickled] = endings;
    for (const quiet of [nothing!, head!, body!]) {
      expect(quiet.answer).toBe('');
      expect(quiet.afterMs).toBeGreaterThanOrEqual(CLIENT_LIMITS.idleMs - 100);
      expect(quiet.afterMs).toBeLessThan(CLIENT_LIMITS.idleMs + 2_000);
    }
    expect(trickled!.answer).toBe('HTTP/1.1 408 Request Timeout');
    expect(trickled!.afterMs).toBeLessThan(CLIENT_LIMITS.headersMs + 2_500);
    expect(await deviceAnswers()).toBe(true);
    expect(device.restarts).toEqual([]);
    console.log(
      `slow clients: silent, quiet headers and quiet body closed after ${nothing!.afterMs}, ${head!.afterMs} and ` +
        `${body!.afterMs} ms without an answer; headers trickled at 10 B/s answered 408 after ${trickled!.afterMs} ms`,
    );
  }, 30_000);

  it(`${SILENT_CONNECTIONS} silent (half-open) connections: ${CLIENT_LIMITS.maxConnections} held at most, the rest refused at once, all closed; the device answers after`, async () => {
    let most = 0;
    const watch = setInterval(
      () => device.app.server.getConnections((_error, count) => (most = Math.max(most, count))),
      20,
    );
    const counts = { refused: 0, held: 0, longestMs: 0 };
    const endings: Promise<unknown>[] = [];
    const wave = 200;
    for (let opened = 0; opened < SILENT_CONNECTIONS; opened += wave) {
      const clients = Array.from({ length: Math.min(wave, SILENT_CONNECTIONS - opened) }, rawClient);
      // The refused ones close at once; the held ones wait for the idle limit in the background.
      await Promise.race([Promise.all(clients.map((client) => client.ended)), sleep(500)]);
      for (const client of clients) {
        const counted = client.ended.then(({ afterMs }) => {
          if (afterMs < 1_000) counts.refused += 1;
          else {
            counts.held += 1;
            counts.longestMs = Math.max(counts.longestMs, afterMs);
          }
        });
        endings.push(counted);
      }
    }
    // Every connection ended, each by the device (the test's timeout bounds the wait).
    await Promise.all(endings);
    clearInterval(watch);
    expect(counts.refused + counts.held).toBe(SILENT_CONNECTIONS);
    expect(counts.held).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(CLIENT_LIMITS.maxConnections);
    expect(counts.longestMs).toBeLessThan(CLIENT_LIMITS.idleMs + 2_000);
    expect(await deviceAnswers()).toBe(true);
    console.log(
      `silent connections: ${SILENT_CONNECTIONS} opened, at most ${most} open at once, ${counts.held} held until ` +
        `dropped (longest ${counts.longestMs} ms), ${counts.refused} refused at once; the device answered after`,
    );
  }, 300_000);

  const uploads = FULL
    ? [
        { size: SKETCH_TOTAL, rate: 16_000, answer: 'HTTP/1.1 200 OK' },
        { size: SKETCH_TOTAL, rate: 10_000, answer: 'HTTP/1.1 408 Request Timeout' },
      ]
    : [{ size: 128 * 1024, rate: 32_000, answer: 'HTTP/1.1 200 OK' }];
  for (const { size, rate, answer } of uploads) {
    it(`a ${size.toLocaleString('en')}-byte firmware image sent steadily at ${rate / 1000} kB/s: ${answer.slice(9)}`, async () => {
      device.restarts.length = 0;
      const ending = await trickle(rawClient(), firmwareRequest(size), rate);
      expect(ending.answer).toBe(answer);
      expect(device.restarts.length).toBe(answer.endsWith('OK') ? 1 : 0);
      console.log(
        `slow upload: ${size} bytes at ${rate} B/s answered "${ending.answer}" after ${ending.afterMs} ms`,
      );
    }, 240_000);
  }
});

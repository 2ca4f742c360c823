import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/proxy/guards';
import {
  ADMIN_AUTH,
  call,
  countAttempts,
  JUNE_NOON,
  postData,
  startCompanion,
  startDevice,
  until,
} from './helpers';
import type { TestCompanion, TestDevice } from './helpers';

/** The lines the companion logs at each change of its socket to the device. */
const DEVICE_SOCKET =
  /^(Receiving live data|The device at .* does not answer|Lost the connection|The device refuses|The device answered the live socket)/;

// The companion in front of the virtual DTU (its own process), as a browser and a
// command-line client use it.
describe('forwarding the device API', () => {
  let device: TestDevice;
  let companion: TestCompanion;
  beforeAll(async () => {
    device = await startDevice(JUNE_NOON);
    // The server has the password for its own connections: browsers must never get it.
    companion = await startCompanion(device.url, { password: 'openDTU42', timeouts: { headersMs: 1000 } });
  });
  afterAll(async () => {
    await companion?.close();
    await device?.remove();
  });

  it('answers what the device answers, with the browser’s own credentials', async () => {
    const status = await call(`${companion.url}/api/system/status`);
    expect(status.status).toBe(200);
    expect((status.body as { hostname: string }).hostname).toMatch(/^OpenDTU-/);
    const config = await call(`${companion.url}/api/security/config`, { auth: ADMIN_AUTH });
    expect(config.body).toEqual({ password: 'openDTU42', allow_readonly: true });
  });

  it('never adds its own password to a browser request, and never asks for a login box', async () => {
    const bare = await call(`${companion.url}/api/security/config`, { headers: { 'X-Requested-With': '' } });
    expect(bare.status).toBe(401);
    // The device asks the browser for a login without X-Requested-With; we drop that.
    const direct = await fetch(new URL('api/security/config', device.url));
    expect(direct.headers.get('www-authenticate')).toMatch(/^Basic/);
    const proxied = await fetch(`${companion.url}/api/security/config`);
    expect(proxied.status).toBe(401);
    expect(proxied.headers.get('www-authenticate')).toBeNull();
  });

  it('passes a write and its answer', async () => {
    const answer = await postData(`${companion.url}/api/dtu/config`, {
      ...((await call(`${companion.url}/api/dtu/config`, { auth: ADMIN_AUTH })).body as object),
      pollinterval: 7,
    });
    expect(answer.body).toMatchObject({ type: 'success', code: 1001 });
    const after = await call(new URL('api/dtu/config', device.url).href, { auth: ADMIN_AUTH });
    expect(after.body).toMatchObject({ pollinterval: 7 });
  });

  it('streams an upload with its Content-Length and without Expect', async () => {
    const content = JSON.stringify({ meta: { code: 'xx', name: 'Test' }, webapp: {} });
    const boundary = 'companion-test-boundary';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="config"; filename="xx.lang.json"\r\n` +
        `Content-Type: application/json\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    );
    const before = companion.lines.length;
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(
        `${companion.url}/api/file/upload?file=xx.lang.json`,
        {
          method: 'POST',
          headers: {
            Authorization: ADMIN_AUTH,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': body.length,
            // curl sends it on large uploads; the device and the proxy cannot take it.
            Expect: '100-continue',
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      // With Expect, a client waits for "100 Continue" before the body.
      request.on('continue', () => request.end(body));
      setTimeout(() => request.end(body), 1000);
    });
    expect(status).toBe(200);
    expect(text).toBe('OK');
    // The device restarts after an upload, as it does after a restore.
    await until(() => companion.lines.slice(before).some((line) => line.startsWith('Lost the connection')));
    await until(() => companion.lines.at(-1)?.startsWith('Receiving live data') === true, 30_000);
    await until(
      async () => (await call(`${companion.url}/api/file/list`, { auth: ADMIN_AUTH })).status === 200,
    );
    const files = await call(`${companion.url}/api/file/list`, { auth: ADMIN_AUTH });
    expect(files.body).toContainEqual({ name: 'xx.lang.json', size: content.length });
  });

  it('refuses a write named by another site before it reaches the device', async () => {
    const attempts: Record<string, string>[] = [
      { Origin: 'http://attacker.example' },
      { Origin: 'null' },
      { Referer: 'http://attacker.example/page.html' },
    ];
    for (const headers of attempts) {
      const answer = await postData(
        `${companion.url}/api/security/config`,
        { password: 'taken-over', allow_readonly: true },
        ADMIN_AUTH,
        headers,
      );
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).toEqual({ message: 'Refused: a write from another site' });
    }
    const config = await call(new URL('api/security/config', device.url).href, { auth: ADMIN_AUTH });
    expect(config.body).toMatchObject({ password: 'openDTU42' });
    // Our own page's writes pass.
    const own = await postData(`${companion.url}/api/dtu/config`, config.body, ADMIN_AUTH, {
      Origin: companion.url,
      Referer: `${companion.url}/settings/dtu`,
    });
    expect(own.status).not.toBe(403);
  });

  it('refuses a body over the largest firmware image, and one without a length', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${companion.url}/api/firmware/update`, {
        method: 'POST',
        headers: { 'Content-Length': BODY_LIMIT + 1, Authorization: ADMIN_AUTH },
      });
      request.on('response', (response) => resolve(response.statusCode ?? 0));
      request.on('error', reject);
      request.write('x'.repeat(1000));
    });
    expect(answer).toBe(413);
    const chunked = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${companion.url}/api/file/upload?file=a.json`, {
        method: 'POST',
        headers: { 'Transfer-Encoding': 'chunked', Authorization: ADMIN_AUTH },
      });
      request.on('response', (response) => resolve(response.statusCode ?? 0));
      request.on('error', reject);
      request.write('x');
    });
    expect(chunked).toBe(411);
  });

  it('closes a connection whose headers do not arrive', async () => {
    const socket = connect(Number(new URL(companion.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((done) => socket.on('close', done));
    socket.write('GET /api/system/status HTTP/1.1\r\nHost: x\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1.1 408/);
  });

  it('serves the web app and its own API while the device is away, and says the device is away', async () => {
    const before = companion.lines.length;
    await device.stop('SIGKILL');
    try {
      const page = await fetch(`${companion.url}/settings/network`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html');
      const info = await call(`${companion.url}/companion/api/info`);
      expect(info.body).toMatchObject({ companion: { device: device.url.href } });
      const api = await call(`${companion.url}/api/system/status`);
      expect(api.status).toBe(502);
      expect((api.body as { message: string }).message).toMatch(
        /^The device at http:\/\/127\.0\.0\.1:\d+ does not answer/,
      );
      // One clear line while the server keeps trying: twice more, seen on the device's port.
      await until(() => companion.lines.length > before);
      const port = await countAttempts(Number(device.url.port));
      try {
        await until(() => port.count('GET /livedata') >= 2, 20_000, 'two more tries');
      } finally {
        await port.close();
      }
      // What it says of the device's socket (other parts, alerts, log lines of their own).
      expect(companion.lines.slice(before).filter((line) => DEVICE_SOCKET.test(line))).toEqual([
        `Lost the connection to the device at ${device.url.origin}; reconnecting`,
      ]);
    } finally {
      await device.restart();
    }
    await until(
      async () => (await call(`${companion.url}/api/system/status`)).status === 200,
      20_000,
      'device back',
    );
    await until(
      () => companion.lines.at(-1) === `Receiving live data from ws://${device.url.host}/livedata`,
      30_000,
    );
  });
});

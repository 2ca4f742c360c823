import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, dataForm, postData, startTestDevice, type TestDevice } from './helpers';
import { postParts } from './upload';

let device: TestDevice;
beforeEach(async () => {
  device = await startTestDevice({ blank: true });
});
afterEach(async () => {
  await device.close();
});

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('§0.2 routing', () => {
  it('answers a wrong method on a known API path with the SPA index (200, gzip)', async () => {
    for (const [method, url] of [
      ['GET', '/api/maintenance/reboot'],
      ['POST', '/api/inverter/list'],
      ['GET', '/api/no/such/thing'],
    ] as const) {
      const response = await device.app.inject({ method, url, headers: { authorization: ADMIN_AUTH } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html');
      expect(response.headers['content-encoding']).toBe('gzip');
    }
  });

  it('every configuration endpoint answers the other methods with the SPA index, without acting', async () => {
    const gets = [
      '/api/security/authenticate',
      '/api/security/config',
      '/api/system/status',
      '/api/network/status',
      '/api/network/config',
      '/api/ntp/status',
      '/api/ntp/config',
      '/api/ntp/time',
      '/api/mqtt/status',
      '/api/mqtt/config',
      '/api/dtu/config',
      '/api/device/config',
      '/api/inverter/list',
      '/api/inverter/stats_reset',
      '/api/file/list',
      '/api/file/get',
      '/api/i18n/languages',
      '/api/i18n/language',
    ];
    const posts = [
      '/api/security/config',
      '/api/network/config',
      '/api/ntp/config',
      '/api/ntp/time',
      '/api/mqtt/config',
      '/api/dtu/config',
      '/api/device/config',
      '/api/inverter/add',
      '/api/inverter/edit',
      '/api/inverter/del',
      '/api/inverter/order',
      '/api/file/delete',
      '/api/file/delete_all',
      '/api/file/upload',
      '/api/firmware/update',
      '/api/maintenance/reboot',
    ];
    const requests = [
      ...gets.filter((url) => !posts.includes(url)).map((url) => ['POST', url] as const),
      ...posts.filter((url) => !gets.includes(url)).map((url) => ['GET', url] as const),
      ...[...gets, ...posts].flatMap((url) =>
        (['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const).map((method) => [method, url] as const),
      ),
    ];
    for (const [method, url] of requests) {
      const response = await device.app.inject({ method, url, headers: { authorization: ADMIN_AUTH } });
      expect(response.statusCode, `${method} ${url}`).toBe(200);
      expect(response.headers['content-type'], `${method} ${url}`).toBe('text/html');
      expect(response.headers['content-encoding'], `${method} ${url}`).toBe('gzip');
    }
    expect(device.restarts).toEqual([]);
  });

  it('a method the device does not know (PROPFIND, TRACE) gets no answer: the connection is closed', async () => {
    await device.app.listen({ port: 0, host: '127.0.0.1' });
    const address = device.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const method of ['PROPFIND', 'TRACE']) {
      const received = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`${method} /api/system/status HTTP/1.1\r\nHost: dtu\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      expect(received, method).toBe('');
    }
    // A known method on the same server is still answered.
    const response = await fetch(`http://127.0.0.1:${port}/api/system/status`);
    expect(response.status).toBe(200);
  });

  it('lets a handler take sub-paths (/api/inverter/list/anything)', async () => {
    const response = await device.app.inject({
      url: '/api/inverter/list/anything',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(JSON.parse(response.body)).toEqual({ inverter: [] });
  });
});

describe('§0.3 authentication', () => {
  it('admin endpoints: 401 with empty body and a login challenge without X-Requested-With', async () => {
    const response = await device.app.inject({ url: '/api/security/authenticate' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toBe('');
    expect(response.headers['www-authenticate']).toBe('Basic realm="Login Required"');
  });

  it('no challenge header when X-Requested-With is present', async () => {
    const response = await device.app.inject({
      url: '/api/security/authenticate',
      headers: { 'x-requested-with': 'XMLHttpRequest', authorization: basic('admin', 'wrong') },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('accepts admin/openDTU42, the token case-insensitively and any scheme word but Digest', async () => {
    const token = Buffer.from('admin:openDTU42').toString('base64');
    for (const authorization of [
      `Basic ${token}`,
      `Basic ${token.toUpperCase()}`,
      `Bearer ${token}`,
      token,
    ]) {
      const response = await device.app.inject({
        url: '/api/security/authenticate',
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(200);
    }
    const digest = await device.app.inject({
      url: '/api/security/authenticate',
      headers: { authorization: `Digest ${token}` },
    });
    expect(digest.statusCode).toBe(401);
  });

  it('takes the token exactly as it follows the first space (two spaces do not match)', async () => {
    const token = Buffer.from('admin:openDTU42').toString('base64');
    const response = await device.app.inject({
      url: '/api/security/authenticate',
      headers: { authorization: `Basic  ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects another user name and a wrong password', async () => {
    for (const authorization of [basic('root', 'openDTU42'), basic('admin', 'openDTU43')]) {
      const response = await device.app.inject({
        url: '/api/security/authenticate',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('read-only endpoints pass without (even with wrong) credentials while allow_readonly is on', async () => {
    for (const url of ['/api/system/status', '/api/network/status', '/api/ntp/status', '/api/mqtt/status']) {
      const anonymous = await device.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(200);
      const wrong = await device.app.inject({ url, headers: { authorization: basic('admin', 'nope') } });
      expect(wrong.statusCode, url).toBe(200);
    }
  });

  it('read-only endpoints require admin once allow_readonly is off', async () => {
    await postData(device.app, '/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect((await device.app.inject({ url: '/api/system/status' })).statusCode).toBe(401);
    const admin = await device.app.inject({
      url: '/api/system/status',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(admin.statusCode).toBe(200);
  });

  it('i18n endpoints need no credentials even with allow_readonly off', async () => {
    await postData(device.app, '/api/security/config', { password: 'openDTU42', allow_readonly: false });
    expect((await device.app.inject({ url: '/api/i18n/languages' })).statusCode).toBe(200);
  });

  it('every admin endpoint refuses anonymous requests', async () => {
    const admin = [
      ['GET', '/api/security/config'],
      ['POST', '/api/security/config'],
      ['GET', '/api/network/config'],
      ['POST', '/api/network/config'],
      ['GET', '/api/ntp/config'],
      ['POST', '/api/ntp/config'],
      ['GET', '/api/ntp/time'],
      ['POST', '/api/ntp/time'],
      ['GET', '/api/mqtt/config'],
      ['POST', '/api/mqtt/config'],
      ['GET', '/api/dtu/config'],
      ['POST', '/api/dtu/config'],
      ['GET', '/api/device/config'],
      ['POST', '/api/device/config'],
      ['GET', '/api/inverter/list'],
      ['POST', '/api/inverter/add'],
      ['POST', '/api/inverter/edit'],
      ['POST', '/api/inverter/del'],
      ['POST', '/api/inverter/order'],
      ['GET', '/api/inverter/stats_reset'],
      ['GET', '/api/file/list'],
      ['GET', '/api/file/get'],
      ['POST', '/api/file/delete'],
      ['POST', '/api/file/delete_all'],
      ['POST', '/api/file/upload'],
      ['POST', '/api/maintenance/reboot'],
    ] as const;
    for (const [method, url] of admin) {
      const response = await device.app.inject({
        method,
        url,
        payload: method === 'POST' ? 'data=%7B%7D' : undefined,
        headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(device.restarts).toEqual([]);
  });
});

describe('§0.4 POST format', () => {
  it('1002 without a data field, also for a raw JSON body', async () => {
    const none = await device.app.inject({
      method: 'POST',
      url: '/api/maintenance/reboot',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'other=1',
    });
    expect(JSON.parse(none.body)).toEqual({ type: 'warning', message: 'No values found!', code: 1002 });
    const json = await device.app.inject({
      method: 'POST',
      url: '/api/maintenance/reboot',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'application/json' },
      payload: '{"reboot":false}',
    });
    expect(JSON.parse(json.body).code).toBe(1002);
  });

  it('1004 for data that is not JSON, including the empty string', async () => {
    for (const text of ['', 'nope', '{"reboot":']) {
      const { body } = await postData(device.app, '/api/maintenance/reboot', text);
      expect(body).toEqual({ type: 'warning', message: 'Failed to parse data!', code: 1004 });
    }
  });

  it("1004 for containers nested deeper than the device library's limit of 10", async () => {
    const nested = (levels: number): string =>
      `{"reboot":false,"x":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect((await postData(device.app, '/api/maintenance/reboot', nested(10))).body.code).toBe(6002);
    expect((await postData(device.app, '/api/maintenance/reboot', nested(11))).body.code).toBe(1004);
  });

  it('ignores text after the first complete JSON value', async () => {
    const { body } = await postData(device.app, '/api/maintenance/reboot', '{"reboot":false}xyz');
    expect(body.code).toBe(6002);
  });

  it('reads multipart/form-data and a text/plain body that looks url-encoded', async () => {
    const boundary = 'X-BOUNDARY';
    const multipart = await device.app.inject({
      method: 'POST',
      url: '/api/maintenance/reboot',
      headers: { authorization: ADMIN_AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"reboot":false}\r\n--${boundary}--\r\n`,
    });
    expect(JSON.parse(multipart.body).code).toBe(6002);
    const plain = await device.app.inject({
      method: 'POST',
      url: '/api/maintenance/reboot',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'text/plain' },
      payload: `data=${encodeURIComponent('{"reboot":false}')}`,
    });
    expect(JSON.parse(plain.body).code).toBe(6002);
  });

  it('integer checks refuse float literals even with a whole value (5.0, 1e0); float checks take them', async () => {
    const del = (text: string): Promise<{ body: { code: number } }> =>
      postData(device.app, '/api/inverter/del', text);
    expect((await del('{"id":1.0}')).body.code).toBe(1005);
    expect((await del('{"id":1e0}')).body.code).toBe(1005);
    expect((await del('{"id":-0.0}')).body.code).toBe(1005);
    expect((await del('{"id":1}')).body.code).toBe(4008);
    const dtu =
      '{"serial":"199980112345","pollinterval":5.0,"nrf_palevel":0,"cmt_palevel":0,"cmt_frequency":865000000,"cmt_country":0}';
    expect((await postData(device.app, '/api/dtu/config', dtu)).body.code).toBe(1005);
    expect((await postData(device.app, '/api/dtu/config', dtu.replace('5.0', '5'))).body.code).toBe(1001);
    const ntp =
      '{"ntp_server":"pool.ntp.org","ntp_timezone":"UTC0","ntp_timezone_descr":"Etc/UTC","latitude":48.0,"longitude":11,"sunsettype":1}';
    expect((await postData(device.app, '/api/ntp/config', ntp)).body.code).toBe(1001);
    expect(
      (await postData(device.app, '/api/ntp/config', ntp.replace('"sunsettype":1', '"sunsettype":1.0'))).body
        .code,
    ).toBe(1005);
  });

  it('a repeated data field: the first one counts (url-encoded and text/plain)', async () => {
    const payload = `data=${encodeURIComponent('{"reboot":false}')}&data=${encodeURIComponent('{"reboot":true}')}`;
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const response = await device.app.inject({
        method: 'POST',
        url: '/api/maintenance/reboot',
        headers: { authorization: ADMIN_AUTH, 'content-type': type },
        payload,
      });
      expect(JSON.parse(response.body).code, type).toBe(6002);
    }
    expect(device.restarts).toEqual([]);
  });

  it('a multipart part with a file name is an upload, not the data field (1002)', async () => {
    const answer = await postParts(device.app, '/api/maintenance/reboot', [
      { name: 'data', filename: 'data.json', content: '{"reboot":true}' },
    ]);
    expect(JSON.parse(answer.body)).toEqual({ type: 'warning', message: 'No values found!', code: 1002 });
    expect(device.restarts).toEqual([]);
  });

  it('auth comes before the body checks', async () => {
    const form = dataForm('garbage');
    const response = await device.app.inject({
      method: 'POST',
      url: '/api/maintenance/reboot',
      payload: form.payload,
      headers: { 'content-type': form.headers['content-type'] ?? '' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers compact JSON with the device content type', async () => {
    const response = await device.app.inject({ url: '/api/system/status' });
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body).not.toMatch(/\n/);
  });
});

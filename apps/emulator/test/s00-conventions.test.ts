import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, dataForm, postData, startTestDevice, type TestDevice } from './helpers';

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

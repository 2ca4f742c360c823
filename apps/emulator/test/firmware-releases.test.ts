/* eslint-disable @typescript-eslint/no-explicit-any -- wire objects are checked field by field */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { detectFirmware, readLiveInverters } from '@opendtu/api';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EmulatedRelease } from '../src/firmware/profiles';
import { ADMIN_AUTH, getJson, postData, startTestDevice, type TestDevice } from './helpers';
import { until, useSocketTests } from './socket-helpers';

// `--firmware`: each release changes what docs/firmware-releases.md lists, nothing else.

let dev: TestDevice | undefined;
afterEach(async () => {
  await dev?.close();
  dev = undefined;
});
const { listen, open } = useSocketTests();

async function start(firmware: EmulatedRelease, blank = false): Promise<TestDevice> {
  dev = await startTestDevice({ firmware, blank });
  return dev;
}

/** A path the release does not have answers the app's index.html, as on the device. */
async function isIndexHtml(device: TestDevice, method: 'GET' | 'POST', url: string): Promise<boolean> {
  const response = await device.app.inject({ method, url, headers: { authorization: ADMIN_AUTH } });
  return response.statusCode === 200 && String(response.headers['content-type']).startsWith('text/html');
}

describe('identity', () => {
  const expected: [EmulatedRelease, string, boolean][] = [
    ['v24.10.15', '0.1.28', false],
    ['v25.4.10', '0.1.29', false],
    ['v25.9.11', '0.1.30', true],
    ['v26.3.30', '0.1.30', true],
  ];
  it.each(expected)(
    '%s: git_hash, config_version, git_branch; detected as itself',
    async (release, config, branch) => {
      const device = await start(release, true);
      const { body } = await getJson(device.app, '/api/system/status');
      expect(body.git_hash).toBe(release);
      expect(body.config_version).toBe(config);
      expect('git_branch' in body).toBe(branch);
      if (branch)
        expect(Object.keys(body).indexOf('git_branch')).toBe(Object.keys(body).indexOf('git_hash') + 1);
      const detected = detectFirmware(body);
      expect(detected.known).toBe(true);
      expect(device.app.device.release).toMatchObject(detected.capabilities);
    },
  );
});

describe('limit_type', () => {
  const limit = (device: TestDevice, serial: string, type: number) =>
    postData(device.app, '/api/limit/config', { serial, limit_value: 50, limit_type: type });

  it('v25.4.10 takes 256/257 for persistent and refuses 2/3 (5003)', async () => {
    const device = await start('v25.4.10');
    for (const type of [0, 1, 256, 257])
      expect((await limit(device, '114181234569', type)).body.code).toBe(1001);
    for (const type of [2, 3]) expect((await limit(device, '114181234569', type)).body.code).toBe(5003);
    // The safe probe: serial 1 is never an inverter, so nothing is sent either way.
    expect((await limit(device, '1', 2)).body.code).toBe(5003);
  });

  it('v25.9.11 counts 0..3 and refuses 256/257 (5003)', async () => {
    const device = await start('v25.9.11');
    for (const type of [0, 1, 2, 3]) expect((await limit(device, '114181234569', type)).body.code).toBe(1001);
    for (const type of [4, 256, 257])
      expect((await limit(device, '114181234569', type)).body.code).toBe(5003);
    expect((await limit(device, '1', 2)).body.code).toBe(5004);
  });
});

describe('time zones and NTP settings', () => {
  const ntp = { ntp_server: 'pool.ntp.org', latitude: 48.1, longitude: 11.6, sunsettype: 1 };

  it('up to v25.9.11: /zones.json, no /api/ntp/zones, the POSIX rule is required', async () => {
    const device = await start('v25.9.11', true);
    expect(await isIndexHtml(device, 'GET', '/api/ntp/zones')).toBe(true);
    expect(await isIndexHtml(device, 'GET', '/zones.json')).toBe(false);
    expect((await getJson(device.app, '/api/ntp/config')).body.ntp_timezone).toBe(
      'CET-1CEST,M3.5.0,M10.5.0/3',
    );
    const answer = await postData(device.app, '/api/ntp/config', {
      ...ntp,
      ntp_timezone_descr: 'Europe/London',
    });
    expect(answer.body.code).toBe(1005);
  });

  it('v26.3.30: the list from the API, zone by name only, no zones.json', async () => {
    const device = await start('v26.3.30', true);
    const zones = await getJson(device.app, '/api/ntp/zones');
    expect(zones.body['Europe/London']).toBe('GMT0BST,M3.5.0/1,M10.5.0');
    expect(zones.body['Asia/Almaty']).toBe('<+06>-6');
    expect(await isIndexHtml(device, 'GET', '/zones.json')).toBe(true);
    const config = (await getJson(device.app, '/api/ntp/config')).body;
    expect(Object.keys(config)).toEqual([
      'ntp_server',
      'ntp_timezone_descr',
      'longitude',
      'latitude',
      'sunsettype',
    ]);

    // The rule sent along is ignored; the name decides, and a suffix of a name finds it.
    const saved = await postData(device.app, '/api/ntp/config', {
      ...ntp,
      ntp_timezone: 'XYZ0',
      ntp_timezone_descr: 'London',
    });
    expect(saved.body.code).toBe(1001);
    let status = (await getJson(device.app, '/api/ntp/status')).body;
    expect([status.ntp_timezone, status.ntp_timezone_descr]).toEqual(['GMT0BST,M3.5.0/1,M10.5.0', 'London']);
    expect((await postData(device.app, '/api/ntp/config', ntp)).body.code).toBe(1005);
    // An unknown name is stored all the same and leaves no zone: the device runs on UTC.
    expect(
      (await postData(device.app, '/api/ntp/config', { ...ntp, ntp_timezone_descr: 'Mars/Base' })).body.code,
    ).toBe(1001);
    status = (await getJson(device.app, '/api/ntp/status')).body;
    expect(status.ntp_timezone).toBe('');
  });
});

describe('files before v24.11.7 (v24.10.15)', () => {
  it('lives under /api/config/*: list without sizes, get, upload, delete as factory reset', async () => {
    const device = await start('v24.10.15');
    expect(await isIndexHtml(device, 'GET', '/api/file/list')).toBe(true);
    expect(await isIndexHtml(device, 'POST', '/api/file/delete')).toBe(true);
    const list = await getJson(device.app, '/api/config/list');
    expect(list.body.configs).toContainEqual({ name: 'config.json' });
    const backup = await device.app.inject({
      url: '/api/config/get?file=config.json',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(JSON.parse(backup.body).cfg).toBeTypeOf('object');

    const form = `--b\r\nContent-Disposition: form-data; name="config"; filename="config.json"\r\n\r\n${backup.body}\r\n--b--\r\n`;
    const restore = await device.app.inject({
      method: 'POST',
      url: '/api/config/upload?file=config.json',
      headers: { authorization: ADMIN_AUTH, 'content-type': 'multipart/form-data; boundary=b' },
      payload: form,
    });
    expect([restore.statusCode, restore.body]).toEqual([200, 'OK']);

    expect(device.restarts).toEqual(['file upload config.json']);

    expect((await postData(device.app, '/api/config/delete', { delete: false })).body.code).toBe(3001);
    expect((await postData(device.app, '/api/config/delete', { delete: true })).body.code).toBe(3002);
    expect((await readdir(device.dataDir)).includes('config.json')).toBe(false);
  });
});

describe('languages before v24.11.7 (v24.10.15)', () => {
  it('has no /api/i18n/*; the display language is an index', async () => {
    const device = await start('v24.10.15', true);
    expect(await isIndexHtml(device, 'GET', '/api/i18n/languages')).toBe(true);
    const config = (await getJson(device.app, '/api/device/config')).body;
    expect(config.display.language).toBe(0);
    expect('locale' in config.display).toBe(false);
    config.display.language = 2;
    config.curPin.name = 'Default';
    expect((await postData(device.app, '/api/device/config', config)).body.code).toBe(1001);
    expect((await getJson(device.app, '/api/device/config')).body.display.language).toBe(2);
    expect(device.app.device.config.get().device.display.locale).toBe('fr');
  });
});

describe('live data shape', () => {
  it('v24.10.15 sends neither data_age_ms nor pin_mapping_issue nor pdl_supported', async () => {
    const device = await start('v24.10.15');
    const serial = '114181234569';
    const live = (await getJson(device.app, `/api/livedata/status?inv=${serial}`)).body;
    expect(live.inverters[0].data_age).toBeTypeOf('number');
    expect('data_age_ms' in live.inverters[0]).toBe(false);
    // The contract's reader (web app, companion) takes the whole seconds instead.
    expect(readLiveInverters(live)[0]?.data_age_ms).toBe(live.inverters[0].data_age * 1000);
    expect('pin_mapping_issue' in live.hints).toBe(false);
    expect('data_age_ms' in (await getJson(device.app, '/api/livedata/status')).body.inverters[0]).toBe(
      false,
    );
    expect('pdl_supported' in (await getJson(device.app, `/api/devinfo/status?inv=${serial}`)).body).toBe(
      false,
    );
  });

  it('v25.4.10 sends all three', async () => {
    const device = await start('v25.4.10');
    const live = (await getJson(device.app, '/api/livedata/status?inv=114181234569')).body;
    expect(live.inverters[0].data_age_ms).toBeTypeOf('number');
    expect(readLiveInverters(live)[0]?.data_age_ms).toBe(live.inverters[0].data_age_ms);
    expect(live.hints.pin_mapping_issue).toBe(false);
  });
});

describe('console format', () => {
  it('from v25.5.10 (v25.9.11): ESP-IDF lines, level, ms since boot, tag, ending LF', async () => {
    const device = await start('v25.9.11');
    const base = await listen(device);
    const { frames } = await open(`${base}/console`);
    device.clock.advance(20_000);
    device.app.device.inverters.step(device.clock.now());
    await until(() => frames.join('').includes('Fetch inverter: 114181234569\n'));
    const text = frames.join('');
    expect(text).not.toContain('\r');
    expect(text).toMatch(/^D \(\d+\) webapi: Websocket: \[\/console\]\[1\] connect\n/);
    expect(text).toMatch(/\nI \(\d+\) hoymiles: Fetch inverter: 114181234569\n/);
  });
});

describe('syslog in the network settings (v25.5.10 on)', () => {
  it('v25.4.10 has none', async () => {
    const device = await start('v25.4.10', true);
    expect('syslogenabled' in (await getJson(device.app, '/api/network/config')).body).toBe(false);
  });

  it('v25.9.11: read back, checked only when on (8007, 8008), and a POST without it turns it off', async () => {
    const device = await start('v25.9.11', true);
    const config = { ...(await getJson(device.app, '/api/network/config')).body, ssid: 'home' };
    expect(config).toMatchObject({ syslogenabled: false, sysloghostname: '', syslogport: 514 });
    const bad = await postData(device.app, '/api/network/config', { ...config, syslogenabled: true });
    expect(bad.body).toMatchObject({ code: 8007, param: { max: 128 } });
    const port = { ...config, syslogenabled: true, sysloghostname: 'logs.lan', syslogport: 0 };
    expect((await postData(device.app, '/api/network/config', port)).body.code).toBe(8008);
    const good = { ...port, syslogport: 5514 };
    expect((await postData(device.app, '/api/network/config', good)).body.code).toBe(1001);
    expect((await getJson(device.app, '/api/network/config')).body).toMatchObject({
      syslogenabled: true,
      sysloghostname: 'logs.lan',
      syslogport: 5514,
    });
    // What a client written for v25.4.10 does: it sends no syslog keys and loses them.
    const { syslogenabled: _on, sysloghostname: _host, syslogport: _port, ...old } = good;
    expect((await postData(device.app, '/api/network/config', old)).body.code).toBe(1001);
    expect((await getJson(device.app, '/api/network/config')).body).toMatchObject({
      syslogenabled: false,
      sysloghostname: 'null',
      syslogport: 0,
    });
  });
});

describe('logging levels (v25.5.10 on)', () => {
  it('v25.4.10 has no endpoint', async () => {
    const device = await start('v25.4.10', true);
    expect(await isIndexHtml(device, 'GET', '/api/logging/config')).toBe(true);
  });

  it('v25.9.11: five modules inheriting error; a POST replaces all, a missing default is 0', async () => {
    const device = await start('v25.9.11', true);
    const { body } = await getJson(device.app, '/api/logging/config');
    expect(body.loglevel.default).toBe(1);
    expect(body.loglevel.modules).toEqual(
      ['CORE', 'hoymiles', 'mqtt', 'network', 'webapi'].map((name) => ({ name, level: -1 })),
    );
    const sent = {
      loglevel: {
        default: 3,
        modules: [
          { name: 'mqtt', level: 4 },
          { name: 'nonsense', level: 5 },
          { name: 'webapi', level: 9 },
        ],
      },
    };
    expect((await postData(device.app, '/api/logging/config', sent)).body.code).toBe(1001);
    const read = (await getJson(device.app, '/api/logging/config')).body.loglevel;
    expect(read.default).toBe(3);
    expect(read.modules.filter((module: any) => module.level !== -1)).toEqual([
      { name: 'mqtt', level: 4 },
      { name: 'webapi', level: 5 },
    ]);
    expect((await postData(device.app, '/api/logging/config', { loglevel: {} })).body.code).toBe(1001);
    const cleared = (await getJson(device.app, '/api/logging/config')).body.loglevel;
    expect(cleared.default).toBe(0);
    expect(cleared.modules.every((module: any) => module.level === -1)).toBe(true);
  });

  it('v26.3.30 lists the web server modules too', async () => {
    const device = await start('v26.3.30', true);
    const names = (await getJson(device.app, '/api/logging/config')).body.loglevel.modules.map(
      (m: any) => m.name,
    );
    expect(names.slice(-2)).toEqual(['async_ws', 'async_tcp']);
  });
});

describe('socket access with read-only access off', () => {
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');

  /** A client's answer to a Digest challenge (RFC 7616 with qop=auth, MD5). */
  function digestAnswer(challenge: string, password: string, uri: string): string {
    const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(challenge)?.[1] ?? '';
    const [realm, nonce, opaque] = [field('realm'), field('nonce'), field('opaque')];
    const cnonce = '0a4f113b';
    const ha1 = md5(`admin:${realm}:${password}`);
    const response = md5(`${ha1}:${nonce}:00000001:${cnonce}:auth:${md5(`GET:${uri}`)}`);
    return `Digest username="admin", realm="${realm}", nonce="${nonce}", uri="${uri}", qop=auth, nc=00000001, cnonce="${cnonce}", response="${response}", opaque="${opaque}"`;
  }

  async function challengeOf(url: string): Promise<string> {
    try {
      await open(url);
    } catch (error) {
      return String(error).replace(/^Error: HTTP 401 /, '');
    }
    throw new Error('the socket opened without credentials');
  }

  it.each(['v24.10.15', 'v25.9.11'] as const)('%s leaves them open', async (release) => {
    const device = await start(release, true);
    device.app.device.config.get().security.allow_readonly = false;
    const base = await listen(device);
    for (const path of ['/livedata', '/console']) {
      expect((await open(`${base}${path}`)).socket.readyState).toBe(WebSocket.OPEN);
    }
  });

  it('v26.3.30 answers with a Digest challenge, takes its right answer or Basic up front', async () => {
    const device = await start('v26.3.30', true);
    const base = await listen(device);
    // With read-only access allowed they stay open.
    expect((await open(`${base}/livedata`)).socket.readyState).toBe(WebSocket.OPEN);
    device.app.device.config.get().security.allow_readonly = false;

    for (const [path, realm] of [
      ['/livedata', 'live websocket'],
      ['/console', 'console websocket'],
    ] as const) {
      const challenge = await challengeOf(`${base}${path}`);
      expect(challenge).toMatch(
        new RegExp(`^Digest realm="${realm}", qop="auth", nonce="[0-9a-f]{32}", opaque="[0-9a-f]{32}"$`),
      );
      const good = await open(`${base}${path}`, {
        authorization: digestAnswer(challenge, 'openDTU42', path),
      });
      expect(good.socket.readyState).toBe(WebSocket.OPEN);
      const wrong = digestAnswer(challenge, 'openDTU43', path);
      await expect(open(`${base}${path}`, { authorization: wrong })).rejects.toThrow(/HTTP 401 Digest/);
      const basicWrong = `Basic ${Buffer.from('admin:openDTU43').toString('base64')}`;
      await expect(open(`${base}${path}`, { authorization: basicWrong })).rejects.toThrow(/HTTP 401 Digest/);
      expect((await open(`${base}${path}`, { authorization: ADMIN_AUTH })).socket.readyState).toBe(
        WebSocket.OPEN,
      );
    }
    // The challenge's realm is part of the answer: one for the other socket does not count.
    const liveChallenge = await challengeOf(`${base}/livedata`);
    const misplaced = digestAnswer(liveChallenge, 'openDTU42', '/console');
    await expect(open(`${base}/console`, { authorization: misplaced })).rejects.toThrow(/HTTP 401/);
  });
});

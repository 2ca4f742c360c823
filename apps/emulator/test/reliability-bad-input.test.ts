import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@opendtu/api';
import { getJson, startTestDevice, type TestDevice } from './helpers';
import { fuzzRequest, fuzzSettings, UPLOAD_ENDPOINTS, type Bases, type FuzzRequest } from './fuzz-requests';

/**
 * Issue 16, bad input: thousands of generated requests to every POST endpoint (seeded;
 * FUZZ_SEED replays a run, FUZZ_RUNS makes it longer). Whatever arrives, the device answers
 * with one of its own codes (contract §0.4, §0.5, §13), never a 5xx (the upload endpoints'
 * FAIL excepted, contract §8), never crashes, and a rejected request leaves config.json
 * byte for byte as it was, and valid.
 */

const { seed, runs } = fuzzSettings(10_000);
// The codes this firmware sends (§13): 1000 is only a base, 1003 is not used any more.
const KNOWN_CODES = new Set<number>(
  Object.values(ResponseCode).filter(
    (code) => code !== ResponseCode.GenericBase && code !== ResponseCode.GenericDataTooLarge,
  ),
);

let device: TestDevice;
let bases: Bases;
/** config.json as it is on disk now (undefined while a client has deleted it). */
let onDisk: string | undefined;
let password = 'openDTU42';

const readConfig = (): Promise<string | undefined> =>
  readFile(join(device.dataDir, 'config.json'), 'utf8').catch(() => undefined);

beforeAll(async () => {
  device = await startTestDevice();
  const get = async (url: string): Promise<Record<string, unknown>> =>
    (await getJson(device.app, url)).body as Record<string, unknown>;
  const serial =
    ((await get('/api/inverter/list')).inverter as { serial: string }[])[0]?.serial ?? '116181234567';
  // A payload each endpoint accepts, from the contract's field tables; the generator mutates them.
  bases = {
    '/api/security/config': await get('/api/security/config'),
    '/api/network/config': await get('/api/network/config'),
    '/api/ntp/config': await get('/api/ntp/config'),
    '/api/ntp/time': { year: 2025, month: 6, day: 21, hour: 12, minute: 0, second: 0 },
    '/api/mqtt/config': await get('/api/mqtt/config'),
    '/api/dtu/config': await get('/api/dtu/config'),
    '/api/device/config': await get('/api/device/config'),
    '/api/inverter/add': { serial: '116190000001', name: 'Generated' },
    '/api/inverter/edit': {
      id: 0,
      serial,
      name: 'Edited',
      channel: [{ max_power: 400, yield_total_offset: 0, name: 'A' }],
    },
    '/api/inverter/del': { id: 9 },
    '/api/inverter/order': { order: ['1', '0'] },
    '/api/limit/config': { serial, limit_value: 80, limit_type: 1 },
    '/api/power/config': { serial, power: true },
    '/api/maintenance/reboot': { reboot: false },
    '/api/file/delete': { file: 'x.lang.json' },
    '/api/file/delete_all': { delete: false },
  };
  onDisk = await readConfig();
});
afterAll(async () => {
  await device.close();
});

function authorization(request: FuzzRequest): string | undefined {
  const token = (user: string, pass: string): string => Buffer.from(`${user}:${pass}`).toString('base64');
  if (request.credentials === 'right') return `Basic ${token('admin', password)}`;
  if (request.credentials === 'wrong') return `Basic ${token('admin', `${password}x`)}`;
  if (request.credentials === 'garbage') return 'Basic %%%';
  return undefined;
}

/** True when the device accepted the request (it may then change config.json). */
function checkAnswer(request: FuzzRequest, status: number, type: string | undefined, text: string): boolean {
  const what = `${request.kind} POST ${request.url.slice(0, 80)} -> ${status} ${text.slice(0, 120)}`;
  if (status === 401) {
    expect(text, what).toBe('');
    expect(request.credentials, what).not.toBe('right');
    return false;
  }
  expect(request.credentials, what).toBe('right');
  if (UPLOAD_ENDPOINTS.some((url) => request.url.startsWith(url))) {
    // Contract §7.5/§8: the upload endpoints answer plain OK (200) or FAIL (500).
    expect([`200 OK`, `500 FAIL`], what).toContain(`${status} ${text}`);
    return status === 200;
  }
  if (status === 404) {
    // Only a file that does not exist (contract §7.5).
    expect(request.url, what).toBe('/api/file/delete');
    expect(text, what).toBe('');
    return false;
  }
  expect(status, what).toBe(200);
  expect(type, what).toBe('application/json');
  const answer = JSON.parse(text) as { type: string; message: string; code?: number };
  expect(['success', 'warning'], what).toContain(answer.type);
  expect(typeof answer.message, what).toBe('string');
  // Three network answers carry no code (contract §3.3); every other one a code of §13.
  if (answer.code !== undefined || request.url !== '/api/network/config') {
    expect(KNOWN_CODES.has(answer.code ?? -1), what).toBe(true);
  }
  return answer.type === 'success';
}

describe('issue 16: generated bad input to every POST endpoint', () => {
  it(`answers ${runs} generated requests with the device's codes; rejected ones leave config.json as it was`, async () => {
    const counts = { requests: 0, accepted: 0, rejected: 0, unauthorized: 0, reboots: 0 };
    const kinds = new Set<string>();
    console.log(`bad input: seed ${seed} (FUZZ_SEED=${seed} replays this run), ${runs} requests`);
    await fc.assert(
      fc.asyncProperty(fuzzRequest(bases), async (request) => {
        const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
        const auth = authorization(request);
        if (auth !== undefined) headers.authorization = auth;
        if (request.contentType !== undefined) headers['content-type'] = request.contentType;
        const restartsBefore = device.restarts.length;
        const response = await device.app.inject({
          method: 'POST',
          url: request.url,
          headers,
          payload: request.payload,
        });
        counts.requests += 1;
        kinds.add(request.kind.replace(/^(content type|oversized) .*/, '$1'));
        const accepted = checkAnswer(
          request,
          response.statusCode,
          response.headers['content-type'] as string,
          response.body,
        );
        if (response.statusCode === 401) counts.unauthorized += 1;
        let now = await readConfig();
        if (!accepted) {
          counts.rejected += 1;
          const what = `config.json changed by a rejected ${request.kind} POST ${request.url.slice(0, 80)}`;
          expect(now === onDisk, what).toBe(true);
        }
        // A device restart (reboot, restore, factory reset, firmware) takes effect as on the
        // device: config.json is read again, and written anew if a client had deleted it.
        if (device.restarts.length > restartsBefore) {
          device.restarts.length = 0;
          await device.reboot();
          counts.reboots += 1;
          now = await readConfig();
          // Even a refused firmware upload restarts the device; a config.json deleted
          // before then comes back as the defaults, default password included.
          password = device.app.device.config.get().security.password;
        }
        if (now !== undefined) {
          const config = JSON.parse(now) as { cfg?: unknown };
          expect(config.cfg, 'config.json is the device configuration').toBeTypeOf('object');
        }
        if (accepted) {
          counts.accepted += 1;
          password = device.app.device.config.get().security.password;
        }
        onDisk = now;
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
    // The device still answers normally afterwards (to the admin: a generated request may
    // have turned read-only access off).
    const admin = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    const status = await device.app.inject({ url: '/api/system/status', headers: { authorization: admin } });
    expect(status.statusCode).toBe(200);
    expect(counts.requests).toBe(runs);
    console.log(
      `bad input: ${counts.requests} requests (${counts.rejected} rejected, ${counts.unauthorized} of them 401; ` +
        `${counts.accepted} accepted; ${counts.reboots} device restarts), body kinds: ${[...kinds].join(', ')}`,
    );
  }, 240_000);
});

describe('issue 16: bodies the framework cannot read get the device answer, not a 5xx', () => {
  const cases: [string, string, string, number][] = [
    [
      'an unterminated multipart body',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}',
      1002,
    ],
    ['multipart without a boundary', 'multipart/form-data', 'data={}', 1002],
    ['a content type that does not parse', ';;;', 'data={}', 1002],
    [
      'a body over the size limit',
      'application/x-www-form-urlencoded',
      `data=${'1'.repeat(4 * 1024 * 1024 + 1)}`,
      1002,
    ],
  ];
  for (const [what, contentType, payload, code] of cases) {
    it(`${what}: ${code} on a JSON POST, FAIL on an upload, nothing written`, async () => {
      const before = await readConfig();
      const headers = {
        authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`,
        'content-type': contentType,
      };
      const json = await device.app.inject({ method: 'POST', url: '/api/inverter/add', headers, payload });
      expect([json.statusCode, JSON.parse(json.body).code]).toEqual([200, code]);
      const upload = await device.app.inject({
        method: 'POST',
        url: '/api/file/upload?file=x.json',
        headers,
        payload,
      });
      expect([upload.statusCode, upload.body]).toEqual([500, 'FAIL']);
      expect(await readConfig()).toBe(before);
      expect(device.restarts).toEqual([]);
    });
  }
});

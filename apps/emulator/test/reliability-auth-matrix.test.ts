import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_AUTH, postData, startTestDevice, type TestDevice } from './helpers';

/**
 * Issue 16, auth matrix: every endpoint of the contract's index (§1) x {no credentials,
 * wrong ones, right ones} x allow_readonly on/off x with/without X-Requested-With answers
 * as §0.3 says (levels none / read-only / admin; 401 with an empty body; the challenge only
 * without X-Requested-With), and the sockets as §5.6 says for v25.4.10 (open to anyone,
 * whatever allow_readonly says; v26.3.30's Digest rule is tested in firmware-releases).
 * The table is the contract's, written out here, not read from the code.
 */

type Level = 'none' | 'readonly' | 'admin';

const ENDPOINTS: [method: 'GET' | 'POST', path: string, level: Level][] = [
  ['GET', '/api/device/config', 'admin'],
  ['POST', '/api/device/config', 'admin'],
  ['GET', '/api/devinfo/status', 'readonly'],
  ['GET', '/api/dtu/config', 'admin'],
  ['POST', '/api/dtu/config', 'admin'],
  ['GET', '/api/eventlog/status', 'readonly'],
  ['GET', '/api/file/get', 'admin'],
  ['POST', '/api/file/delete', 'admin'],
  ['POST', '/api/file/delete_all', 'admin'],
  ['GET', '/api/file/list', 'admin'],
  ['POST', '/api/file/upload', 'admin'],
  ['POST', '/api/firmware/update', 'admin'],
  ['GET', '/api/gridprofile/status', 'readonly'],
  ['GET', '/api/gridprofile/rawdata', 'readonly'],
  ['GET', '/api/i18n/languages', 'none'],
  ['GET', '/api/i18n/language', 'none'],
  ['GET', '/api/inverter/list', 'admin'],
  ['POST', '/api/inverter/add', 'admin'],
  ['POST', '/api/inverter/edit', 'admin'],
  ['POST', '/api/inverter/del', 'admin'],
  ['POST', '/api/inverter/order', 'admin'],
  ['GET', '/api/inverter/stats_reset', 'admin'],
  ['GET', '/api/limit/status', 'readonly'],
  ['POST', '/api/limit/config', 'admin'],
  ['POST', '/api/maintenance/reboot', 'admin'],
  ['GET', '/api/mqtt/status', 'readonly'],
  ['GET', '/api/mqtt/config', 'admin'],
  ['POST', '/api/mqtt/config', 'admin'],
  ['GET', '/api/network/status', 'readonly'],
  ['GET', '/api/network/config', 'admin'],
  ['POST', '/api/network/config', 'admin'],
  ['GET', '/api/ntp/status', 'readonly'],
  ['GET', '/api/ntp/config', 'admin'],
  ['POST', '/api/ntp/config', 'admin'],
  ['GET', '/api/ntp/time', 'admin'],
  ['POST', '/api/ntp/time', 'admin'],
  ['GET', '/api/power/status', 'readonly'],
  ['POST', '/api/power/config', 'admin'],
  ['GET', '/api/prometheus/metrics', 'readonly'],
  ['GET', '/api/security/config', 'admin'],
  ['POST', '/api/security/config', 'admin'],
  ['GET', '/api/security/authenticate', 'admin'],
  ['GET', '/api/system/status', 'readonly'],
  ['GET', '/api/livedata/status', 'readonly'],
  ['GET', '/', 'none'],
  ['GET', '/index.html', 'none'],
  ['GET', '/favicon.ico', 'none'],
  ['GET', '/favicon.png', 'none'],
  ['GET', '/zones.json', 'none'],
  ['GET', '/site.webmanifest', 'none'],
  ['GET', '/js/app.js', 'none'],
  ['GET', '/some/page/of/the/app', 'none'],
];

const SOCKETS = ['/livedata', '/console'];

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const RIGHT_TOKEN = Buffer.from('admin:openDTU42').toString('base64');

/** The credentials a client can send: none, several wrong ones, the right ones. */
const CREDENTIALS: [kind: 'none' | 'wrong' | 'right', header: string | undefined][] = [
  ['none', undefined],
  ['wrong', basic('admin', 'openDTU43')],
  ['wrong', basic('root', 'openDTU42')],
  ['wrong', basic('admin', '')],
  ['wrong', `Digest ${RIGHT_TOKEN}`],
  ['wrong', 'Basic'],
  ['right', ADMIN_AUTH],
  // §0.3: the scheme word is not checked, and the token compares case-insensitively.
  ['right', `Bearer ${RIGHT_TOKEN}`],
];

let device: TestDevice;
let base: string;

beforeAll(async () => {
  device = await startTestDevice({ blank: true });
  await device.app.listen({ port: 0, host: '127.0.0.1' });
  const address = device.app.server.address();
  base = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await device.close();
});

async function setReadonly(allow: boolean): Promise<void> {
  const answer = await postData(device.app, '/api/security/config', {
    password: 'openDTU42',
    allow_readonly: allow,
  });
  expect(answer.body.code).toBe(1001);
}

/** The HTTP status of a socket upgrade: 101 when it opened, else the refusal's status. */
function upgrade(path: string, header: string | undefined): Promise<{ status: number; challenge?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${base}${path}`, { headers: header ? { authorization: header } : {} });
    socket.on('open', () => {
      socket.terminate();
      resolve({ status: 101 });
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0, challenge: response.headers['www-authenticate'] });
      socket.terminate();
    });
    socket.on('error', reject);
  });
}

describe('issue 16: auth matrix', () => {
  it('every endpoint x credentials x allow_readonly x X-Requested-With answers as the contract says', async () => {
    const counts = { combinations: 0, passed: 0, refused: 0, wrongOnAdmin: 0 };
    for (const allowReadonly of [true, false]) {
      await setReadonly(allowReadonly);
      for (const [method, path, level] of ENDPOINTS) {
        for (const [kind, header] of CREDENTIALS) {
          for (const xhr of [false, true]) {
            const headers: Record<string, string> = {};
            if (header !== undefined) headers.authorization = header;
            if (xhr) headers['x-requested-with'] = 'XMLHttpRequest';
            // No body: a POST that passes the check answers "no values found", changing nothing.
            const response = await device.app.inject({ method, url: path, headers });
            device.restarts.length = 0;
            const expectPass =
              level === 'none' || (level === 'readonly' && allowReadonly) || kind === 'right';
            const what = `${method} ${path} ${kind} ${header ?? ''} readonly=${allowReadonly} xhr=${xhr}`;
            counts.combinations += 1;
            if (expectPass) {
              counts.passed += 1;
              expect(response.statusCode, what).not.toBe(401);
              expect(response.statusCode, what).toBeLessThan(path === '/api/firmware/update' ? 501 : 500);
            } else {
              counts.refused += 1;
              if (level === 'admin') counts.wrongOnAdmin += 1;
              expect(response.statusCode, what).toBe(401);
              expect(response.body, what).toBe('');
              expect(response.headers['www-authenticate'], what).toBe(
                xhr ? undefined : 'Basic realm="Login Required"',
              );
            }
          }
        }
      }
      for (const path of SOCKETS) {
        for (const [kind, header] of CREDENTIALS) {
          const answer = await upgrade(path, header);
          counts.combinations += 1;
          const what = `WS ${path} ${kind} ${header ?? ''} readonly=${allowReadonly}`;
          counts.passed += 1;
          expect(answer.status, what).toBe(101);
        }
      }
    }
    await setReadonly(true);
    console.log(
      `auth matrix: ${counts.combinations} combinations (${ENDPOINTS.length} HTTP endpoints x ${CREDENTIALS.length} credentials ` +
        `x allow_readonly on/off x X-Requested-With on/off, ${SOCKETS.length} sockets x ${CREDENTIALS.length} x on/off): ` +
        `${counts.passed} passed, ${counts.refused} refused with 401, ${counts.wrongOnAdmin} of them admin endpoints`,
    );
  }, 60_000);
});

import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LaunchedEmulator } from '../src/launch';
import { ADMIN_AUTH, launchTestProcess } from './helpers';

/**
 * Restarts of the real emulator process (src/server.ts), over real TCP: a restart must
 * take the listener and every socket away for a few seconds and bring the device back
 * with its configuration read from disk (contract §9.9, §14a "Restart").
 */

let dataDir: string;
let server: LaunchedEmulator | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'opendtu-restart-'));
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const startServer = (): Promise<LaunchedEmulator> => launchTestProcess(dataDir, '2026-06-21T12:00');

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * 'up' for any HTTP answer, 'refused' when nothing listens on the port, 'lost' for a
 * connection that broke otherwise (a request caught while the server shuts down).
 */
async function probe(base: string): Promise<'up' | 'refused' | 'lost'> {
  try {
    await fetch(`${base}/api/system/status`, { signal: AbortSignal.timeout(1000) });
    return 'up';
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'refused' : 'lost';
  }
}

/** Waits for the port to refuse connections, then to answer again; returns the downtime. */
async function waitForRestart(base: string): Promise<number> {
  const start = Date.now();
  while ((await probe(base)) !== 'refused') {
    if (Date.now() - start > 5000) throw new Error('the device did not go down');
    await sleep(50);
  }
  const down = Date.now();
  while ((await probe(base)) !== 'up') {
    if (Date.now() - down > 15_000) throw new Error('the device did not come back');
    await sleep(100);
  }
  return Date.now() - down;
}

async function api(base: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}${path}`, { ...init, headers: { authorization: ADMIN_AUTH, ...init.headers } });
}

const postData = (base: string, path: string, data: unknown): Promise<Response> =>
  api(base, path, { method: 'POST', body: new URLSearchParams({ data: JSON.stringify(data) }) });

describe('§9.9/§14a restart of the real emulator process', () => {
  it('reboot: answer first, then connection refused for a while, then back with config from disk and runtime reset', async () => {
    server = await startServer();
    const base = server.url;
    const ntp = {
      ntp_server: 'time.example.org',
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      ntp_timezone_descr: 'Europe/Berlin',
      latitude: 48.1,
      longitude: 11.6,
      sunsettype: 1,
    };
    expect(await (await postData(base, '/api/ntp/config', ntp)).json()).toMatchObject({ code: 1001 });
    const uptime = async () =>
      ((await (await api(base, '/api/system/status')).json()) as { uptime: number }).uptime;
    for (let tries = 0; (await uptime()) === 0; tries += 1) {
      if (tries > 100) throw new Error('uptime still 0');
      await sleep(50);
    }
    const before = await uptime();

    const socket = new WebSocket(`${base.replace('http', 'ws')}/console`);
    await new Promise((done, fail) => socket.once('open', done).once('error', fail));
    const socketClosed = new Promise((done) => socket.once('close', done));

    const answer = await postData(base, '/api/maintenance/reboot', { reboot: true });
    expect(await answer.json()).toEqual({ type: 'success', message: 'Reboot triggered!', code: 6001 });
    const downtime = await waitForRestart(base);
    expect(downtime).toBeGreaterThan(1000);
    await socketClosed;

    const status = (await (await api(base, '/api/system/status')).json()) as Record<string, unknown>;
    expect(status.resetreason_0).toBe('Software reset CPU');
    // Counted from the new boot: a count gone on would have grown by the downtime at least.
    expect(status.uptime).toBeLessThan(before + Math.floor(downtime / 1000));
    expect(await (await api(base, '/api/ntp/config')).json()).toMatchObject({
      ntp_server: 'time.example.org',
    });
  }, 40_000);

  it('restore: an uploaded config.json is what the device comes back with', async () => {
    server = await startServer();
    const base = server.url;
    const backup = (await (await api(base, '/api/file/get')).json()) as {
      wifi: { hostname: string };
      security: { allow_readonly: boolean };
    };
    backup.wifi.hostname = 'Restored-%06X';
    backup.security.allow_readonly = false;
    const form = new FormData();
    form.append('config', new Blob([JSON.stringify(backup)]), 'config');
    const upload = await api(base, '/api/file/upload?file=config.json', { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    expect(await upload.text()).toBe('OK');
    await waitForRestart(base);

    expect(await (await api(base, '/api/network/config')).json()).toMatchObject({
      hostname: 'Restored-%06X',
    });
    // The restored settings are live: read-only access is now off.
    expect((await fetch(`${base}/api/system/status`)).status).toBe(401);
  }, 40_000);

  it('firmware upload: the device restarts after a failed update too', async () => {
    server = await startServer();
    const base = server.url;
    const image = Buffer.alloc(1024, 0x42);
    const form = new FormData();
    form.append('MD5', createHash('md5').update(image).digest('hex'));
    form.append('firmware', new Blob([image]), 'firmware');
    const answer = await api(base, '/api/firmware/update', { method: 'POST', body: form });
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe('FAIL');
    await waitForRestart(base);
    expect((await api(base, '/api/system/status')).status).toBe(200);
  }, 40_000);
});

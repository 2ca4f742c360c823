import type { DeviceConfig, LiveDataResponse, LiveInverterCommon } from '@opendtu/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authEvents } from '../src/api/auth';
import { getDeviceConfig, postDeviceConfig } from '../src/api/device';
import { deleteAllFiles, getFileList } from '../src/api/file';
import { firmware } from '../src/api/firmware';
import { getZones } from '../src/api/ntp';
import { EMPTY_LIVE_STATE, mergeLive } from '../src/lib/live-merge';

// The adaptations to older and newer firmware, against a stubbed device of each kind.

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
// What a device answers for a path it does not have: its index.html, 200.
const indexHtml = () =>
  new Response('<!doctype html><title>OpenDTU</title>', { headers: { 'Content-Type': 'text/html' } });

/** A device answering `routes` by path (query included); anything else gets index.html. */
function device(routes: Record<string, (body?: string) => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${path}`);
      const data = init.body instanceof FormData ? String(init.body.get('data')) : undefined;
      return routes[path]?.(data) ?? indexHtml();
    }),
  );
  return calls;
}

const status = (git_hash: string, config_version: string, git_branch?: string) => () =>
  json({ git_hash, config_version, ...(git_branch && { git_branch }) });

beforeEach(() => {
  // Forgets the detection of the previous test, as a new login does.
  authEvents.dispatchEvent(new Event('logged-in'));
});
afterEach(() => vi.unstubAllGlobals());

describe('detection in the app', () => {
  it('a release tag needs nothing but the status', async () => {
    const calls = device({ 'api/system/status': status('v25.9.11', '0.1.30', 'master') });
    const result = await firmware();
    expect(result).toMatchObject({ known: true, release: 'v25.9.11' });
    expect(result.capabilities.limitScheme).toBe('index');
    expect(calls).toEqual(['GET api/system/status']);
    // Asked once per session.
    await firmware();
    expect(calls).toHaveLength(1);
  });

  it('a bare hash is settled by the probes that matter, which send nothing to an inverter', async () => {
    const sent: string[] = [];
    const calls = device({
      'api/system/status': status('g3a9d5e1', '0.1.30', 'master'),
      'api/limit/config': (data) => {
        sent.push(data ?? '');
        return json({ type: 'warning', code: 5004, message: 'Invalid inverter specified!' });
      },
      // No api/ntp/zones: index.html, so before v26.3.28.
    });
    const result = await firmware();
    expect(result).toMatchObject({ known: false, release: 'v25.9.11' });
    expect(calls.sort()).toEqual(['GET api/ntp/zones', 'GET api/system/status', 'POST api/limit/config']);
    expect(JSON.parse(sent[0]!)).toEqual({ serial: '1', limit_value: 0, limit_type: 2 });
  });
});

describe('time zones', () => {
  it('v26.3.28 on: from the device, zones.json never asked', async () => {
    const calls = device({
      'api/system/status': status('v26.3.30', '0.1.30', 'master'),
      'api/ntp/zones': () => json({ 'Europe/London': 'GMT0BST,M3.5.0/1,M10.5.0' }),
    });
    expect(await getZones()).toEqual({ 'Europe/London': 'GMT0BST,M3.5.0/1,M10.5.0' });
    expect(calls).not.toContain('GET zones.json');
  });

  it('older firmware: zones.json; when that is HTML (a newer build), the device list', async () => {
    device({
      'api/system/status': status('v25.4.10', '0.1.29'),
      'zones.json': () => json({ 'Europe/Berlin': 'CET-1CEST,M3.5.0,M10.5.0/3' }),
    });
    expect(await getZones()).toEqual({ 'Europe/Berlin': 'CET-1CEST,M3.5.0,M10.5.0/3' });
    authEvents.dispatchEvent(new Event('logged-in'));
    device({
      'api/system/status': status('v25.4.10', '0.1.29'),
      'api/ntp/zones': () => json({ UTC: 'UTC0' }),
    });
    expect(await getZones()).toEqual({ UTC: 'UTC0' });
  });
});

describe('files and display language before v24.11.7', () => {
  it('uses /api/config/*, reads the list without sizes, resets with /api/config/delete', async () => {
    const calls = device({
      'api/system/status': status('v24.10.15', '0.1.28'),
      'api/config/list': () => json({ configs: [{ name: 'config.json' }, { name: 'pin_mapping.json' }] }),
      'api/config/delete': () => json({ type: 'success', code: 3002, message: 'resettet' }),
    });
    expect(await getFileList()).toEqual([{ name: 'config.json' }, { name: 'pin_mapping.json' }]);
    expect((await deleteAllFiles()).code).toBe(3002);
    expect(calls.filter((call) => call.includes('api/config/'))).toEqual([
      'GET api/config/list',
      'POST api/config/delete',
    ]);
  });

  it('maps display.language to the locale the screen edits, and back', async () => {
    const posted: unknown[] = [];
    const stored = { curPin: { name: 'x' }, display: { rotation: 2, language: 1 }, led: [] };
    device({
      'api/device/config': (data) => {
        if (data === undefined) return json(stored);
        posted.push(JSON.parse(data));
        return json({ type: 'success', code: 1001, message: 'ok' });
      },
    });
    const config = await getDeviceConfig();
    expect(config.display.locale).toBe('de');
    await postDeviceConfig({ ...config, display: { ...config.display, locale: 'fr' } } as DeviceConfig);
    expect(posted[0]).toMatchObject({ display: { rotation: 2, language: 2 } });
  });
});

describe('live data of older firmware', () => {
  const value = (v: number, u: string) => ({ v, u, d: 1 });
  const inverter = {
    serial: '114181234569',
    name: 'Garage',
    order: 0,
    data_age: 4,
    poll_enabled: true,
    reachable: true,
    producing: true,
    limit_relative: 100,
    limit_absolute: 800,
    events: 1,
    AC: { '0': { Power: value(300, 'W'), 'Power DC': value(320, 'W'), YieldDay: value(900, 'Wh') } },
    DC: {},
    INV: { '0': { Temperature: value(31, '°C') } },
  } as unknown as LiveInverterCommon;

  it('before v24.2.12 the sums sit in AC "0"; they are read as INV "0", data age from seconds', () => {
    const message = {
      inverters: [inverter],
      total: undefined,
      hints: undefined,
    } as unknown as LiveDataResponse;
    const [merged] = mergeLive(EMPTY_LIVE_STATE, message, 1000).inverters as unknown as {
      AC: Record<string, object>;
      INV: Record<string, object>;
      data_age_ms: number;
    }[];
    expect(merged!.AC['0']).toEqual({ Power: value(300, 'W') });
    expect(merged!.INV['0']).toEqual({
      'Power DC': value(320, 'W'),
      YieldDay: value(900, 'Wh'),
      Temperature: value(31, '°C'),
    });
    expect(merged!.data_age_ms).toBe(4000);
  });
});

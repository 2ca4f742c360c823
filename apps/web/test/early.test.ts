import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../src/api/client';

// index.html leaves the answers it asked for in window.__early (src/api/early.ts).
const AUTH = `Basic ${btoa('admin:openDTU42')}`;
const early = (auth: string | undefined, get: Record<string, Promise<Response | undefined>>) =>
  Object.assign(globalThis, { __early: { href: location.href, auth, get } });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete (globalThis as { __early?: unknown }).__early;
  window.history.replaceState(null, '', '/');
});

describe('answers started before the app', () => {
  it('are used once for the same path and login, then the device is asked', async () => {
    localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:openDTU42') }));
    const fetch = vi.fn(async () => json({ from: 'device' }));
    vi.stubGlobal('fetch', fetch);
    early(AUTH, { 'api/system/status': Promise.resolve(json({ from: 'early' })) });
    expect(await apiGet('api/system/status')).toEqual({ from: 'early' });
    expect(fetch).not.toHaveBeenCalled();
    expect(await apiGet('api/system/status')).toEqual({ from: 'device' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are not used for another login, after a navigation, or when they failed', async () => {
    const fetch = vi.fn(async () => json({ from: 'device' }));
    vi.stubGlobal('fetch', fetch);
    // Asked with a login the app no longer has.
    early(AUTH, { 'api/ntp/status': Promise.resolve(json({ from: 'early' })) });
    expect(await apiGet('api/ntp/status')).toEqual({ from: 'device' });
    // Started for another page.
    early(undefined, { 'api/ntp/status': Promise.resolve(json({ from: 'early' })) });
    window.history.replaceState(null, '', '/info/ntp');
    expect(await apiGet('api/ntp/status')).toEqual({ from: 'device' });
    // No answer (index.html turns a failed fetch into undefined).
    early(undefined, { 'api/ntp/status': Promise.resolve(undefined) });
    expect(await apiGet('api/ntp/status')).toEqual({ from: 'device' });
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

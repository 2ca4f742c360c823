import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const URL_IN = 'ws://host/livedata';

/** A fresh copy of the module (it remembers whether the page is behind the companion). */
const load = async () => {
  vi.resetModules();
  return import('../src/api/companion');
};

const answer = (body: string, type: string, status = 200) =>
  vi.fn(async () => new Response(body, { status, headers: { 'Content-Type': type } }));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('socket tickets behind the companion server', () => {
  it('is not needed while logged out', async () => {
    const { mayNeedTicket } = await load();
    expect(mayNeedTicket()).toBe(false);
    localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:secret') }));
    expect(mayNeedTicket()).toBe(true);
  });

  it("adds a ticket asked for with the page's own credentials", async () => {
    localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:secret') }));
    const fetch = answer('{"ticket":"a-b_c","expires_in":30}', 'application/json');
    vi.stubGlobal('fetch', fetch);
    const { withTicket } = await load();
    expect(await withTicket(URL_IN)).toBe(`${URL_IN}?ticket=a-b_c`);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('companion/api/ticket');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Basic ${btoa('admin:secret')}`);
  });

  it('asks a device once, and never again', async () => {
    localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:secret') }));
    const fetch = answer('<!doctype html>', 'text/html');
    vi.stubGlobal('fetch', fetch);
    const { withTicket, mayNeedTicket } = await load();
    expect(await withTicket(URL_IN)).toBe(URL_IN);
    expect(fetch).toHaveBeenCalledOnce();
    // The sockets ask mayNeedTicket first: from now on they open at once.
    expect(mayNeedTicket()).toBe(false);
  });

  it('tries again after a refusal', async () => {
    localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:wrong') }));
    vi.stubGlobal('fetch', answer('{"message":"Unauthorized"}', 'application/json', 401));
    const { withTicket, mayNeedTicket } = await load();
    expect(await withTicket(URL_IN)).toBe(URL_IN);
    expect(mayNeedTicket()).toBe(true);
  });
});

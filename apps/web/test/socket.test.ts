import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveSocket } from '../src/api/livedata';
import { consoleSocket } from '../src/api/console';
import { clearUser } from '../src/api/auth';

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

const LOGIN = JSON.stringify({ authdata: btoa('admin:secret') });
const host = window.location.host;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  // Every test starts logged out, with a page session that has not needed the login yet.
  clearUser();
  for (const knock of FakeSocket.all) knock.close();
  FakeSocket.all = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('the live socket', () => {
  it('opens for the first subscriber, shares frames, and closes after the last', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = liveSocket.subscribe(a);
    const offB = liveSocket.subscribe(b);
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe(`ws://${host}/livedata`);
    last().open();
    expect(liveSocket.isOnline()).toBe(true);
    last().receive('{"inverters":[]}');
    expect(a).toHaveBeenCalledWith('{"inverters":[]}');
    expect(b).toHaveBeenCalledOnce();
    offA();
    expect(last().readyState).toBe(FakeSocket.OPEN);
    offB();
    expect(last().readyState).toBe(FakeSocket.CLOSED);
    expect(liveSocket.isOnline()).toBe(false);
  });

  it('pings 59 s after the last frame', () => {
    const off = liveSocket.subscribe(() => {});
    last().open();
    vi.advanceTimersByTime(30_000);
    last().receive('{"inverters":[]}');
    vi.advanceTimersByTime(58_999);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual(['ping']);
    off();
  });

  it("closes on '{}' and reconnects 10 s later", () => {
    const listener = vi.fn();
    const off = liveSocket.subscribe(listener);
    const first = last();
    first.open();
    first.receive('{}');
    expect(listener).not.toHaveBeenCalled();
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    expect(liveSocket.isOnline()).toBe(false);
    vi.advanceTimersByTime(9_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    off();
  });

  it('behind the companion server, a refused socket comes back with a ticket, never with the login', async () => {
    // Only the companion's build asks for tickets (the device's has no such server).
    vi.stubEnv('MODE', 'companion');
    localStorage.setItem('user', LOGIN);
    const fetch = vi.fn(async (_path: string) => Response.json({ ticket: 'T 1' }));
    vi.stubGlobal('fetch', fetch);
    const off = liveSocket.subscribe(() => {});
    expect(last().url).toBe(`ws://${host}/livedata`);
    expect(fetch).not.toHaveBeenCalled();
    // The companion admits no socket without a ticket while the device's read-only access is off.
    last().close();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all.map((socket) => socket.url)).toEqual([
      `ws://${host}/livedata`,
      `ws://${host}/livedata?ticket=T%201`,
    ]);
    expect(String(fetch.mock.calls[0]![0])).toMatch(/companion\/api\/ticket$/);
    off();
  });

  it('offers the login only after the device refused the socket without it, then for the page session', async () => {
    localStorage.setItem('user', LOGIN);
    // A device answers the companion's ticket path with its index.html.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } })),
    );
    const off = liveSocket.subscribe(() => {});
    expect(last().url).toBe(`ws://${host}/livedata`);
    // A device that challenges the handshake (v26.3.30 with read-only access off) refuses it.
    last().close();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().url).toBe(`ws://admin:secret@${host}/livedata`);
    last().open();
    expect(liveSocket.isOnline()).toBe(true);
    off();
    // The next socket of this page session knows the device wants it, as does the console.
    const offConsole = consoleSocket.subscribe(() => {});
    expect(last().url).toBe(`ws://admin:secret@${host}/console`);
    offConsole();
  });

  it('never puts the login into the URL of a device whose sockets are open', () => {
    localStorage.setItem('user', LOGIN);
    const off = liveSocket.subscribe(() => {});
    last().open();
    last().close();
    vi.advanceTimersByTime(10_000);
    last().open();
    expect(FakeSocket.all.map((socket) => socket.url)).toEqual([
      `ws://${host}/livedata`,
      `ws://${host}/livedata`,
    ]);
    off();
  });

  it('logged out, a refused socket is not retried with a login until the next heartbeat', () => {
    const off = liveSocket.subscribe(() => {});
    last().close();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all.map((socket) => socket.url)).toEqual([
      `ws://${host}/livedata`,
      `ws://${host}/livedata`,
    ]);
    off();
  });

  it('logout knocks on both sockets with a login no device accepts, then reconnects without one', async () => {
    localStorage.setItem('user', LOGIN);
    const off = liveSocket.subscribe(() => {});
    last().close();
    last().open();
    const before = FakeSocket.all.length;
    clearUser();
    const knocks = FakeSocket.all.slice(before);
    expect(knocks.map((socket) => socket.url)).toEqual([
      `ws://logout@${host}/livedata`,
      `ws://logout@${host}/console`,
    ]);
    // The live socket waits until the browser has forgotten the login.
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(before + 2);
    for (const knock of knocks) knock.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(before + 3);
    expect(last().url).toBe(`ws://${host}/livedata`);
    off();
  });

  it('a knock that opens (open sockets) is closed at once', () => {
    clearUser();
    const knocks = FakeSocket.all;
    for (const knock of knocks) knock.open();
    expect(knocks.map((socket) => socket.readyState)).toEqual([FakeSocket.CLOSED, FakeSocket.CLOSED]);
  });
});

describe('the console socket', () => {
  it('pings every 5 s and reconnects within 5 s when closed', () => {
    const off = consoleSocket.subscribe(() => {});
    last().open();
    vi.advanceTimersByTime(5_000);
    expect(last().sent).toEqual(['ping']);
    last().close();
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().url).toBe(`ws://${host}/console`);
    off();
  });
});

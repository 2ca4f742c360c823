import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveSocket } from '../src/api/livedata';
import { consoleSocket } from '../src/api/console';

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

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live socket', () => {
  it('opens for the first subscriber, shares frames, and closes after the last', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = liveSocket.subscribe(a);
    const offB = liveSocket.subscribe(b);
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe(`ws://${window.location.host}/livedata`);
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

  it('puts the credentials into the URL when logged in', async () => {
    localStorage.setItem('user', JSON.stringify({ authdata: btoa('admin:secret') }));
    // A device answers the companion's ticket path with its index.html.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } })),
    );
    const off = liveSocket.subscribe(() => {});
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(last().url).toBe(`ws://admin:secret@${window.location.host}/livedata`);
    off();
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
    expect(last().url).toBe(`ws://${window.location.host}/console`);
    off();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getConnection } from '../src/api/connection';
import { liveStore } from '../src/api/live-store';
import { commonInverter } from './support/live-fixtures';

const total = (power: number) => ({
  Power: { v: power, u: 'W', d: 1 },
  YieldDay: { v: 10, u: 'Wh', d: 0 },
  YieldTotal: { v: 1, u: 'kWh', d: 3 },
});
const hints = { time_sync: false, radio_problem: false, default_password: false, pin_mapping_issue: false };
const inverter = (serial: string, order: number, power?: number) => ({
  ...commonInverter(serial, { name: serial, order, data_age: 0, data_age_ms: 0, limit_absolute: -1 }),
  ...(power === undefined
    ? {}
    : { AC: { '0': { Power: { v: power, u: 'W', d: 1 } } }, DC: {}, INV: {}, events: 0 }),
});

class FakeSocket {
  static last: FakeSocket | undefined;
  static readonly OPEN = 1;
  static readonly CONNECTING = 0;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send() {}
  close() {}
}

/** A task after the ones queued so far (the store renders frames in a timer task). */
const nextTask = (): Promise<void> => new Promise((done) => setTimeout(done));

beforeEach(() => {
  document.head.innerHTML = '<base href="http://device.local/">';
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === 'api/livedata/status'
        ? new Response(
            JSON.stringify({ inverters: [inverter('A', 1), inverter('B', 0)], total: total(0), hints }),
          )
        : new Response(JSON.stringify({ inverters: [], total: total(0), hints })),
    ),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('the live-data store', () => {
  it('paints the first answer at once, then merges a burst of frames by serial in one render of its own task', async () => {
    let renders = 0;
    const unsubscribe = liveStore.subscribe(() => (renders += 1));
    // The first answer waits for no task of its own.
    await vi.waitFor(() => expect(renders).toBe(1));
    expect(liveStore.getSnapshot().inverters.map((i) => i.serial)).toEqual(['A', 'B']);
    // Only the list was asked for (and the device's clock, for the chart's day): the
    // other inverters' channels come with the socket.
    expect(
      vi
        .mocked(fetch)
        .mock.calls.map(([path]) => path)
        .sort(),
    ).toEqual(['api/livedata/status', 'api/ntp/status']);

    const socket = FakeSocket.last!;
    socket.readyState = 1;
    socket.onopen?.();
    const send = (serial: string, power: number) =>
      socket.onmessage?.({
        data: JSON.stringify({ inverters: [inverter(serial, 0, power)], total: total(power), hints }),
      });
    renders = 0;
    send('B', 100);
    send('C', 50);
    send('B', 120);
    expect(renders).toBe(0);
    await nextTask();
    expect(renders).toBe(1);
    const snapshot = liveStore.getSnapshot();
    expect(snapshot.inverters.map((i) => i.serial)).toEqual(['A', 'B', 'C']);
    expect(snapshot.total?.Power.v).toBe(120);
    // The day's curve has the minute's newest power of every inverter whose channels arrived.
    const curve = snapshot.curve!;
    expect(curve.total[curve.last]).toBe(120);
    expect([curve.inverters.A, curve.inverters.B?.[curve.last], curve.inverters.C?.[curve.last]]).toEqual([
      undefined,
      120,
      50,
    ]);
    unsubscribe();
  });

  it('leaving the live view closes its socket without counting the device as away', async () => {
    const unsubscribe = liveStore.subscribe(() => {});
    await vi.waitFor(() => expect(liveStore.getSnapshot().loaded).toBe(true));
    const socket = FakeSocket.last!;
    socket.readyState = 1;
    socket.onopen?.();
    expect(getConnection().state).toBe('online');
    unsubscribe();
    expect(getConnection().state).toBe('online');
  });
});

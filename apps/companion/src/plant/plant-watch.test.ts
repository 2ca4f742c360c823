import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamEvents, UpstreamState } from '../live/upstream';
import { PlantWatch, type PlantSource } from './plant-watch';

class FakeUpstream extends EventEmitter<UpstreamEvents> {
  state: UpstreamState = 'connecting';
  set(state: UpstreamState): void {
    this.state = state;
    this.emit('state', state);
  }
  send(message: unknown): void {
    this.emit('frame', JSON.stringify(message), Date.now());
  }
}

const value = (v: number, u = 'W') => ({ v, u, d: 1 });
const total = (power: number, day: number, all: number) => ({
  Power: value(power),
  YieldDay: value(day, 'Wh'),
  YieldTotal: value(all, 'kWh'),
});
const common = (serial: string, name: string, order: number) => ({
  serial,
  name,
  order,
  data_age: 2,
  data_age_ms: 2100,
  poll_enabled: true,
  reachable: true,
  producing: true,
  limit_relative: 100,
  limit_absolute: 800,
});
/** A frame as the device sends it: one inverter with its channels, and the totals. */
const frame = (serial: string, name: string, order: number, watts: number) => ({
  inverters: [
    {
      ...common(serial, name, order),
      AC: { '0': { Power: value(watts) } },
      DC: {
        '0': { name: { u: 'East' }, Power: value(watts / 2 + 5), YieldDay: value(300, 'Wh') },
        '1': { name: { u: '' }, Power: value(watts / 2 + 5), YieldDay: value(310, 'Wh') },
      },
      INV: { '0': { YieldDay: value(610, 'Wh'), YieldTotal: value(123.4, 'kWh') } },
      events: 0,
    },
  ],
  total: total(watts, 610, 123.4),
  hints: {},
});

function watched(list: unknown, now = () => Date.parse('2026-06-02T10:00:00Z')) {
  const upstream = new FakeUpstream();
  const source: PlantSource = {
    liveStatus: vi.fn(async () => list),
    systemStatus: vi.fn(async () => ({ git_hash: 'v25.4.10' })),
  };
  return { upstream, source, watch: new PlantWatch('garage', upstream, source, now) };
}

afterEach(() => vi.useRealTimers());

describe('one device on the plant', () => {
  it('is offline, without totals, since it started until its socket is up', () => {
    const { watch } = watched(undefined);
    expect(watch.device()).toEqual({
      name: 'garage',
      online: false,
      offline_since: '2026-06-02T10:00:00.000Z',
      firmware: null,
      inverters: 0,
      totals: null,
    });
  });

  it('takes the whole list and firmware when up, then each frame', async () => {
    const list = {
      inverters: [common('116491234568', 'Roof', 1), common('114181234569', 'Shed', 0)],
      total: total(0, 0, 500),
      hints: {},
    };
    const { upstream, watch } = watched(list);
    upstream.set('up');
    await vi.waitFor(() => expect(watch.device().firmware).toBe('v25.4.10'));
    expect(watch.device()).toMatchObject({ online: true, offline_since: null, inverters: 2 });
    expect(watch.list().map((entry) => entry.name)).toEqual(['Shed', 'Roof']);
    // The list has no channels: no power yet rather than a made-up 0.
    expect(watch.list()[0]).toMatchObject({ power_w: null, strings: [] });

    upstream.send(frame('114181234569', 'Shed', 0, 420));
    expect(watch.list()[0]).toEqual({
      device: 'garage',
      serial: '114181234569',
      name: 'Shed',
      order: 0,
      reachable: true,
      producing: true,
      power_w: 420,
      yield_day_wh: 610,
      yield_total_kwh: 123.4,
      limit_relative: 100,
      data_age_ms: 2100,
      strings: [
        { name: 'East', power_w: 215, yield_day_wh: 300 },
        { name: '', power_w: 215, yield_day_wh: 310 },
      ],
    });
    expect(watch.device().totals).toEqual({ power_w: 420, yield_day_wh: 610, yield_total_kwh: 123.4 });
  });

  it('keeps its last values when the socket goes, and says since when it is offline', async () => {
    let now = Date.parse('2026-06-02T10:00:00Z');
    const { upstream, watch } = watched(undefined, () => now);
    upstream.set('up');
    upstream.send(frame('114181234569', 'Shed', 0, 420));
    expect(watch.online).toBe(true);
    now = Date.parse('2026-06-02T11:30:00Z');
    upstream.set('down');
    expect(watch.device()).toMatchObject({
      online: false,
      offline_since: '2026-06-02T11:30:00.000Z',
      totals: { power_w: 420 },
    });
    expect(watch.list()[0]?.power_w).toBe(420);
  });

  it("keeps an inverter's power and strings through a whole list, which has no channels", async () => {
    vi.useFakeTimers();
    const { upstream, source, watch } = watched({
      inverters: [{ ...common('114181234569', 'Shed west', 0), reachable: false, producing: false }],
      total: total(0, 0, 123.4),
      hints: {},
    });
    upstream.set('up');
    upstream.send(frame('114181234569', 'Shed', 0, 420));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(source.liveStatus).toHaveBeenCalledTimes(2);
    // The list renames it and says it went quiet; what it made is what the last frame said.
    expect(watch.list()).toEqual([
      expect.objectContaining({
        name: 'Shed west',
        reachable: false,
        producing: false,
        power_w: 420,
        yield_day_wh: 610,
        strings: [
          { name: 'East', power_w: 215, yield_day_wh: 300 },
          { name: '', power_w: 215, yield_day_wh: 310 },
        ],
      }),
    ]);
    expect(watch.device().totals).toEqual({ power_w: 0, yield_day_wh: 0, yield_total_kwh: 123.4 });
    watch.stop();
  });

  it('drops an inverter the device no longer lists, at the next whole list', async () => {
    vi.useFakeTimers();
    const { upstream, source, watch } = watched({
      inverters: [common('114181234569', 'Shed', 0)],
      total: total(0, 0, 1),
      hints: {},
    });
    upstream.set('up');
    await vi.waitFor(() => expect(watch.list()).toHaveLength(1));
    upstream.send(frame('116491234568', 'Roof', 1, 300));
    expect(watch.list().map((entry) => entry.name)).toEqual(['Shed', 'Roof']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(source.liveStatus).toHaveBeenCalledTimes(2);
    expect(watch.list().map((entry) => entry.name)).toEqual(['Shed']);
    watch.stop();
  });
});

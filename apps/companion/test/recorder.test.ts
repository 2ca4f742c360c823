import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceClock } from '../src/device/clock';
import type { DeviceLink } from '../src/device/link';
import type { HistoryStore } from '../src/recorder/db/history-store';
import { Recorder } from '../src/recorder/recorder';
import { tempDir } from './helpers';
import { openHistory, type OpenHistory } from './open-history';

const NOON = Date.parse('2026-06-21T10:00:00Z');
const SERIAL = '116491234568';
/** The device tells whole seconds: its clock is taken to be in the middle of the second read. */
const HALF_SECOND = 500;

/** A device whose /api/ntp/status tells `deviceTime()` (UTC zone), or that has no time yet. */
function fakeLink(deviceTime: () => number | undefined): DeviceLink {
  const format = (t: number): string => {
    const date = new Date(t);
    const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    const weekday = date.toLocaleString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const time = date.toISOString().slice(11, 19);
    return `${weekday}, ${month} ${date.getUTCDate()} ${date.getUTCFullYear()} ${time}`;
  };
  return {
    get: async () => {
      const t = deviceTime();
      return {
        status: 200,
        json: { ntp_status: t !== undefined, ntp_timezone: '', ntp_localtime: format(t ?? 0) },
      };
    },
  } as unknown as DeviceLink;
}

/** One live frame of one inverter, read `ageMs` before it was sent. */
const frame = (ac: number, ageMs: number): string =>
  JSON.stringify({
    inverters: [
      {
        serial: SERIAL,
        name: 'House',
        data_age_ms: ageMs,
        reachable: true,
        producing: true,
        limit_relative: 100,
        AC: { '0': { Power: { v: ac } } },
        DC: {
          '0': { Power: { v: ac / 2 }, name: { u: 'East' } },
          '1': { Power: { v: ac / 2 }, name: { u: 'West' } },
        },
        INV: { '0': { YieldDay: { v: 1000 }, YieldTotal: { v: 5 }, Temperature: { v: 30 } } },
      },
    ],
  });

describe('the recorder', () => {
  let dir: string;
  let opened: OpenHistory;
  let store: HistoryStore;
  let recorder: Recorder | undefined;
  let real: number;
  beforeEach(async () => {
    dir = await tempDir('recorder');
    opened = openHistory(dir);
    store = opened.store;
    real = NOON;
  });
  afterEach(async () => {
    recorder?.stop();
    opened.close();
    await rm(dir, { recursive: true, force: true });
  });

  const powers = (): [number, number | null][] => {
    const [inverter] = store.inverters();
    return store.power(inverter!.id, NOON - 3_600_000, NOON + 3_600_000).map((point) => [point.t, point.ac]);
  };

  it('skips a reading older than the last one recorded (a DTU back from a restart)', async () => {
    const clock = new DeviceClock(1, () => real);
    expect(await clock.sync(fakeLink(() => real))).toBe('synced');
    recorder = new Recorder(store, clock, { realNow: () => real });
    recorder.ingest(frame(400, 1000));
    real += 10_000;
    recorder.ingest(frame(410, 0));
    real += 5000;
    // Read 12 s ago: before the newest reading above.
    recorder.ingest(frame(390, 12_000));
    real += 5000;
    recorder.ingest(frame(420, 0));
    recorder.flush();
    expect(powers()).toEqual([
      [NOON - 1000 + HALF_SECOND, 400],
      [NOON + 10_000 + HALF_SECOND, 410],
      [NOON + 20_000 + HALF_SECOND, 420],
    ]);
  });

  it("starts afresh when the device's clock stands elsewhere than this machine's", async () => {
    // The device has no time yet: this machine's clock stands in.
    const device: { time?: number } = {};
    const clock = new DeviceClock(1, () => real);
    const link = fakeLink(() => device.time);
    expect(await clock.sync(link)).toBe('waiting');
    recorder = new Recorder(store, clock, { realNow: () => real });
    recorder.ingest(frame(400, 0));
    recorder.flush();
    // Then it learns the time, an hour behind this machine's: its stamps are now earlier.
    real += 5000;
    device.time = real - 3_600_000;
    expect(await clock.sync(link)).toBe('synced');
    recorder.ingest(frame(410, 0));
    recorder.flush();
    expect(powers()).toEqual([
      [NOON + 5000 - 3_600_000 + HALF_SECOND, 410],
      [NOON, 400],
    ]);
  });
});

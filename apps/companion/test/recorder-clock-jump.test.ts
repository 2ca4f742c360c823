import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceClock } from '../src/device/clock';
import type { DeviceLink } from '../src/device/link';
import { Recorder } from '../src/recorder/recorder';
import { tempDir } from './helpers';
import { openHistory, type OpenHistory } from './open-history';

const SERIAL = '116491234568';
const HOUR = 3_600_000;
/** 2026-06-21 00:00 UTC (the device's zone here is UTC). */
const DAY1 = Date.parse('2026-06-21T00:00:00Z');

/** A device whose /api/ntp/status tells `time()` (UTC). */
function deviceAt(time: () => number): DeviceLink {
  const format = (t: number): string => {
    const date = new Date(t);
    const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    const weekday = date.toLocaleString('en-US', { weekday: 'long', timeZone: 'UTC' });
    return `${weekday}, ${month} ${date.getUTCDate()} ${date.getUTCFullYear()} ${date.toISOString().slice(11, 19)}`;
  };
  return {
    get: async () => ({
      status: 200,
      json: { ntp_status: true, ntp_timezone: '', ntp_localtime: format(time()) },
    }),
  } as unknown as DeviceLink;
}

/** An inverter that makes 1 Wh a minute from 06:00 to 18:00 (true time), as the device shows it. */
function inverterAt(trueTime: number, total0: number): { yieldDay: number; yieldTotal: number; ac: number } {
  const day = Math.floor(trueTime / (24 * HOUR)) * 24 * HOUR;
  const minutes = Math.max(0, Math.min(12 * 60, (trueTime - day - 6 * HOUR) / 60_000));
  const days = (day - DAY1) / (24 * HOUR);
  // YieldDay resets when the inverter starts in the morning; before that it shows yesterday's.
  const yieldDay = minutes > 0 || days === 0 ? Math.floor(minutes) : 720;
  return {
    yieldDay,
    yieldTotal: total0 + (days * 720 + Math.floor(minutes)) / 1000,
    ac: minutes > 0 ? 60 : 0,
  };
}

const frame = (trueTime: number): string => {
  const { yieldDay, yieldTotal, ac } = inverterAt(trueTime, 5000);
  return JSON.stringify({
    inverters: [
      {
        serial: SERIAL,
        name: 'House',
        data_age_ms: 0,
        reachable: true,
        producing: ac > 0,
        limit_relative: 100,
        AC: { '0': { Power: { v: ac } } },
        DC: { '0': { Power: { v: ac }, name: { u: 'Roof' } } },
        INV: { '0': { YieldDay: { v: yieldDay }, YieldTotal: { v: yieldTotal }, Temperature: { v: 30 } } },
      },
    ],
  });
};

// Two days watched every minute while the machine's or the device's clock jumps by hours,
// forward and back, by day and across midnight; each day's energy stays what the
// inverter made that day.
describe('day energy when clocks jump', () => {
  let dir: string;
  let opened: OpenHistory;
  beforeEach(async () => {
    dir = await tempDir('clock-jump');
    opened = openHistory(dir);
  });
  afterEach(async () => {
    opened.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['the machine', 'machine'],
    ['the device', 'device'],
  ] as const)('%s clock jumping forward and back keeps each day right', async (_name, which) => {
    let trueTime = DAY1 + 5 * HOUR;
    /** How far the jumping clock is off the true time. */
    let off = 0;
    const machine = () => trueTime + (which === 'machine' ? off : 0);
    const clock = new DeviceClock(1, machine);
    const link = deviceAt(() => trueTime + (which === 'device' ? off : 0));
    await clock.sync(link);
    const recorder = new Recorder(opened.store, clock, { realNow: machine, monotonicNow: () => trueTime });
    try {
      // The jumps (true time -> how far the clock is off): forward 20 h at noon (into the next
      // day) for 2 minutes; back 30 h in the afternoon for 2 minutes; forward 5 h at 21:00 for
      // 10 minutes (across midnight); the next day back 12 h at 10:00 for 2 minutes.
      const jumps = new Map<number, number>([
        [DAY1 + 12 * HOUR, 20 * HOUR],
        [DAY1 + 12 * HOUR + 2 * 60_000, 0],
        [DAY1 + 15 * HOUR, -30 * HOUR],
        [DAY1 + 15 * HOUR + 2 * 60_000, 0],
        [DAY1 + 21 * HOUR, 5 * HOUR],
        [DAY1 + 21 * HOUR + 10 * 60_000, 0],
        [DAY1 + 34 * HOUR, -12 * HOUR],
        [DAY1 + 34 * HOUR + 2 * 60_000, 0],
      ]);
      for (let minute = 0; trueTime < DAY1 + 47 * HOUR; trueTime += 60_000, minute += 1) {
        const jump = jumps.get(trueTime);
        if (jump !== undefined) {
          off = jump;
          // The server reads the device's clock every 30 s.
          await clock.sync(link);
        }
        recorder.ingest(frame(trueTime));
        // A write every 10 minutes keeps the test quick (each write is synced to disk).
        if (minute % 10 === 0) recorder.flush();
      }
    } finally {
      recorder.stop();
    }
    const energy = new Map(
      opened.store.dayEnergy('2026-06-19', '2026-06-24').map(({ day, wh }) => [day, wh]),
    );
    expect(energy.get('2026-06-21')).toBe(720);
    expect(energy.get('2026-06-22')).toBe(720);
    for (const other of ['2026-06-19', '2026-06-20', '2026-06-23', '2026-06-24'])
      expect(energy.get(other) ?? 0).toBe(0);
  });
});

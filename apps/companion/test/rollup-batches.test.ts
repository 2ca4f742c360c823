import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceClock } from '../src/device/clock';
import type { DeviceLink } from '../src/device/link';
import { Recorder } from '../src/recorder/recorder';
import { tempDir } from './helpers';
import { openHistory, type OpenHistory } from './open-history';

const DAY = 86_400_000;
const START = Date.parse('2026-03-01T00:00:00Z');
const INVERTERS = 3;
const DAYS = 2;

describe('the roll-up of old samples', () => {
  let dir: string;
  let opened: OpenHistory;
  beforeEach(async () => {
    dir = await tempDir('rollup');
    opened = openHistory(dir);
  });
  afterEach(async () => {
    opened.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** DAYS of samples of INVERTERS from START, every 5 s. */
  function fill(): void {
    const { store } = opened;
    store.transaction(() => {
      const session = store.openSession(START);
      for (let i = 0; i < INVERTERS; i += 1) {
        const inv = store.inverterId(`11610000000${i}`, `Roof ${i}`, ['S1']);
        for (let t = START; t < START + DAYS * DAY; t += 5000) {
          store.addSample(inv, session, {
            serial: '',
            name: '',
            strings: [],
            t,
            ac: 100,
            dc: [100],
            yieldDay: 1,
            yieldTotal: 1,
            temperature: 20,
            limit: 100,
            reachable: true,
            producing: true,
          });
        }
      }
    });
  }

  // The device's time: 30 days after the samples, keeping 29 days raw: the first day goes.
  const now = START + 30 * DAY;
  const link = {
    get: async () => ({
      status: 200,
      json: { ntp_status: true, ntp_timezone: '', ntp_localtime: 'Tuesday, March 31 2026 00:00:00' },
    }),
  } as unknown as DeviceLink;

  it('goes in small steps, answering others between them, and keeps rawDays of raw samples', async () => {
    const { store } = opened;
    fill();
    const clock = new DeviceClock(1, () => now);
    await clock.sync(link);
    const recorder = new Recorder(store, clock, { rawDays: 29, realNow: () => now });
    try {
      // What waits on the event loop meanwhile gets its turn before the roll-up is over.
      let turns = 0;
      let longest = 0;
      let last = performance.now();
      const tick = setInterval(() => {
        turns += 1;
        longest = Math.max(longest, performance.now() - last);
        last = performance.now();
      }, 0);
      const rolled = recorder.rollUp();
      const answeredDuring = await new Promise<boolean>((done) =>
        setTimeout(() => done(store.firstSample(1, -Infinity)! < START + DAY), 0),
      );
      await rolled;
      clearInterval(tick);
      expect(answeredDuring).toBe(true);
      expect(turns).toBeGreaterThan(INVERTERS * 4);
      console.log(
        `roll-up of ${INVERTERS} inverter-days: ${turns} turns of the event loop, longest wait ${longest.toFixed(0)} ms`,
      );
      for (const { id } of store.inverters()) {
        expect(store.firstSample(id, -Infinity)).toBe(START + DAY);
        const points = store.power(id, START, START + DAYS * DAY);
        expect(points.filter((point) => point.session === undefined)).toHaveLength(288);
        expect(points.filter((point) => point.session !== undefined)).toHaveLength(17_280);
      }
    } finally {
      recorder.stop();
    }
  });

  it('at a start before the device told its time, rolls up as soon as a frame can be stamped', async () => {
    const { store } = opened;
    fill();
    const clock = new DeviceClock(1, () => now);
    const recorder = new Recorder(store, clock, { rawDays: 29, realNow: () => now });
    try {
      await recorder.rollUp();
      expect(store.firstSample(1, -Infinity)).toBe(START);
      await clock.sync(link);
      recorder.ingest('{}', now);
      // The frame started it (not the hourly timer): its first hour went before ingest returned.
      expect(store.firstSample(1, -Infinity)).toBeGreaterThan(START);
      await recorder.rollUp();
      for (const { id } of store.inverters()) expect(store.firstSample(id, -Infinity)).toBe(START + DAY);
    } finally {
      recorder.stop();
    }
  });
});

import { copyFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { posixTzOrUtc } from '@opendtu/api';
import sqlite from 'node-sqlite3-wasm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceClock } from '../src/device/clock';
import { GridRecorder } from '../src/meter/grid-recorder';
import { periodFlows } from '../src/meter/grid-history';
import { GridStore } from '../src/meter/grid-store';
import { meterAnswer, type MeterRoutesContext } from '../src/meter/meter-routes';
import { MeterPool, MeterSource } from '../src/meter/meter-source';
import { parseMeterSpec } from '../src/meter/meter-spec';
import { migrate, MIGRATIONS, SCHEMA_VERSION } from '../src/recorder/db/migrations';
import { freshDir, until } from './helpers';
import { openHistory } from './open-history';

const V1 = fileURLToPath(new URL('fixtures/history-v1.sqlite', import.meta.url));
const MIN = 60_000;
const LIMITS = { holdMs: 60_000, countersMissingMs: 300_000 };

/** The device's clock as the recorder reads it: known, UTC, moved by the test. */
function fixedClock(start: number): DeviceClock & { set: (t: number) => void } {
  let now = start;
  return {
    ready: true,
    resets: 0,
    speed: 1,
    timezone: '',
    zone: posixTzOrUtc(''),
    now: () => now,
    day: (t: number) => new Date(t).toISOString().slice(0, 10),
    dayBounds: (day: string) => [Date.parse(`${day}T00:00:00Z`), Date.parse(`${day}T00:00:00Z`) + 86_400_000],
    set: (t: number) => (now = t),
  } as unknown as DeviceClock & { set: (t: number) => void };
}

describe('the grid tables in the history database', () => {
  const dir = freshDir('grid');

  it('an older database upgraded keeps everything and records the meter beside it', () => {
    // A database of schema 4 (release 0.1's file brought to the alerts' schema) with an alert.
    const file = join(dir(), 'history.sqlite');
    copyFileSync(V1, file);
    const old = new sqlite.Database(file);
    migrate(old, MIGRATIONS.slice(0, 4));
    old.run(
      "INSERT INTO alert (rule, serial, name, text, started, key) VALUES ('dtu-offline', NULL, NULL, 'away', 1, 'dtu-offline:')",
    );
    const before = {
      days: old.all('SELECT * FROM day_energy ORDER BY inv, day'),
      samples: old.all('SELECT count(*) AS n FROM sample'),
      alerts: old.all('SELECT * FROM alert'),
    };
    old.close();

    const opened = openHistory(dir());
    try {
      const { db } = opened.connection;
      expect(Number(db.get('PRAGMA user_version')?.user_version)).toBe(SCHEMA_VERSION);
      expect(db.all('SELECT * FROM day_energy ORDER BY inv, day')).toEqual(before.days);
      expect(db.all('SELECT count(*) AS n FROM sample')).toEqual(before.samples);
      expect(db.all('SELECT * FROM alert')).toEqual(before.alerts);
      // The meter's day beside the inverters' day of the old file.
      const grid = new GridStore(opened.connection);
      const clock = fixedClock(Date.parse('2026-06-21T10:00:00Z'));
      const recorder = new GridRecorder(grid, clock, { log: () => undefined });
      recorder.useMeter('m');
      recorder.power(500, LIMITS);
      recorder.counters({ importWh: 1000, exportWh: 50 }, true);
      clock.set(Date.parse('2026-06-21T11:00:00Z'));
      recorder.power(500, LIMITS);
      recorder.counters({ importWh: 1500, exportWh: 1050 }, true);
      recorder.stop();
      const produced = new Map([
        [
          '2026-06-21',
          opened.store.dayEnergy('2026-06-21', '2026-06-21').reduce((sum, row) => sum + row.wh, 0),
        ],
      ]);
      const flow = periodFlows({ store: grid, clock }, '2026-06-21', '2026-06-21', 'day', produced).get(
        '2026-06-21',
      )!;
      // The fixture's day: 1234.5 + 2469 Wh produced; 1000 Wh fed, 500 taken.
      expect(flow).toEqual({
        produced_wh: 3703.5,
        exported_wh: 1000,
        imported_wh: 500,
        self_used_wh: 2703.5,
        consumption_wh: 3203.5,
        self_consumption_pct: 73,
        self_sufficiency_pct: 84.4,
        // One hour of the day read.
        grid_complete: false,
      });
    } finally {
      opened.close();
    }
  });

  it("a month the meter joined halfway counts only its metered days' production in the flow", () => {
    const opened = openHistory(dir());
    try {
      const grid = new GridStore(opened.connection);
      const clock = fixedClock(Date.parse('2026-06-21T00:00:00Z'));
      const recorder = new GridRecorder(grid, clock, { log: () => undefined });
      recorder.useMeter('m');
      recorder.counters({ importWh: 1000, exportWh: 0 }, true);
      clock.set(Date.parse('2026-06-21T23:59:00Z'));
      recorder.counters({ importWh: 1400, exportWh: 3000 }, true);
      recorder.stop();
      // 9.8 kWh on the 20th, before the meter; 5 kWh on the 21st, with it.
      const produced = new Map([
        ['2026-06-20', 9800],
        ['2026-06-21', 5000],
      ]);
      const month = periodFlows({ store: grid, clock }, '2026-06-01', '2026-06-30', 'month', produced).get(
        '2026-06',
      )!;
      expect(month).toMatchObject({
        produced_wh: 5000,
        exported_wh: 3000,
        imported_wh: 400,
        self_used_wh: 2000,
        consumption_wh: 2400,
        self_consumption_pct: 40,
        grid_complete: false,
      });
      // A day without the meter keeps its production and no grid figures.
      const before = periodFlows({ store: grid, clock }, '2026-06-20', '2026-06-20', 'day', produced).get(
        '2026-06-20',
      )!;
      expect(before).toMatchObject({ produced_wh: 9800, self_used_wh: null, grid_complete: null });
    } finally {
      opened.close();
    }
  });

  it('a restart goes on from the saved counters: the stop is bridged, nothing counted twice', () => {
    const t0 = Date.parse('2026-06-21T00:00:00Z');
    const clock = fixedClock(t0);
    let opened = openHistory(dir());
    let recorder = new GridRecorder(new GridStore(opened.connection), clock, { log: () => undefined });
    recorder.useMeter('m');
    for (let minute = 0; minute <= 10; minute += 1) {
      clock.set(t0 + minute * MIN);
      recorder.power(600, LIMITS);
      recorder.counters({ importWh: 100 + minute * 10, exportWh: 0 }, true);
    }
    recorder.stop();
    opened.close();

    // An hour later the server is back; the meter counted 600 Wh meanwhile.
    opened = openHistory(dir());
    const grid = new GridStore(opened.connection);
    recorder = new GridRecorder(grid, clock, { log: () => undefined });
    recorder.useMeter('m');
    clock.set(t0 + 70 * MIN);
    recorder.power(600, LIMITS);
    recorder.counters({ importWh: 800, exportWh: 0 }, true);
    recorder.stop();
    const [day] = grid.days('2026-06-21', '2026-06-21');
    expect(day).toMatchObject({ importWh: 700, exportWh: 0, coveredMs: 70 * MIN });
    const slots = grid.slots(t0, t0 + 75 * MIN);
    expect(slots).toHaveLength(14);
    expect(slots.reduce((sum, slot) => sum + slot.importWh, 0)).toBeCloseTo(700);
    // Another meter in its place starts afresh: its counters are no jump of the old one's.
    const lines: string[] = [];
    recorder = new GridRecorder(grid, clock, { log: (line) => lines.push(line) });
    recorder.useMeter('another');
    clock.set(t0 + 71 * MIN);
    recorder.counters({ importWh: 5, exportWh: 0 }, true);
    clock.set(t0 + 72 * MIN);
    recorder.counters({ importWh: 15, exportWh: 0 }, true);
    recorder.stop();
    expect(lines).toEqual([]);
    expect(grid.days('2026-06-21', '2026-06-21')[0]!.importWh).toBeCloseTo(710);
    opened.close();
  });
});

describe('the reading now', () => {
  it('is fresh, then shown with its age, then no reading; never a 0 W not measured', () => {
    const clock = fixedClock(Date.parse('2026-06-21T10:00:00Z'));
    const reader = {
      latest: { powerW: -1234.56, at: clock.now() },
      error: undefined as string | undefined,
      counterError: undefined,
      netted: false,
    };
    const context = {
      clock,
      reader: () => reader,
      settings: () => ({ meter: { kind: 'shelly-pro-3em', url: 'http://m/', path: null } }),
      gridStore: { days: () => [{ importWh: 12.34, exportWh: 56.78 }] },
    } as unknown as MeterRoutesContext;
    expect(meterAnswer(context)).toMatchObject({
      state: 'fresh',
      at: '2026-06-21T10:00:00+00:00',
      power_w: -1234.6,
      age_s: 0,
      energy_from: 'counters',
      today: { imported_wh: 12.3, exported_wh: 56.8 },
    });
    reader.error = 'ECONNREFUSED';
    clock.set(clock.now() + 25_000);
    expect(meterAnswer(context)).toMatchObject({
      state: 'old',
      power_w: -1234.6,
      age_s: 25,
      error: 'ECONNREFUSED',
    });
    clock.set(clock.now() + 40_000);
    expect(meterAnswer(context)).toMatchObject({ state: 'none', power_w: null, age_s: 65 });
    expect(meterAnswer({ ...context, reader: () => undefined })).toMatchObject({
      state: 'off',
      power_w: null,
    });
  });
});

describe('one meter, read once', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it('zero export and the recorder on the same Shelly Pro 3EM share its polls; the counters come with them', async () => {
    const requests: string[] = [];
    server = createServer((request, response) => {
      requests.push(request.url!);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        request.url!.startsWith('/rpc/EMData')
          ? '{"id":0,"total_act":5000.5,"total_act_ret":120.25}'
          : '{"id":0,"total_act_power":-321.5}',
      );
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    const spec = () => parseMeterSpec(`shelly-pro-3em:http://127.0.0.1:${port}`);
    const pool = new MeterPool();
    const control = new MeterSource(spec(), 100, Date.now, { pool });
    const recorder = new MeterSource(spec(), 100, Date.now, { pool, counterMs: 100 });
    const heard = { control: 0, recorder: 0 };
    control.onReading = () => (heard.control += 1);
    recorder.onReading = () => (heard.recorder += 1);
    control.start();
    recorder.start();
    try {
      await until(() => heard.control >= 10, 10_000, 'ten readings');
      expect(control.latest?.powerW).toBe(-321.5);
      expect(recorder.latest?.powerW).toBe(-321.5);
      expect(recorder.counters).toMatchObject({ importWh: 5000.5, exportWh: 120.25 });
      // One power request per reading, each told to both users: one poll, not two (one more
      // may be on its way as this looks).
      const polls = requests.filter((url) => url.startsWith('/rpc/EM.')).length;
      expect(heard.recorder).toBe(heard.control);
      expect(polls - heard.control).toBeGreaterThanOrEqual(0);
      expect(polls - heard.control).toBeLessThanOrEqual(1);
      expect(requests.some((url) => url.startsWith('/rpc/EMData.'))).toBe(true);
      await recorder.stop();
      // A counter request already on its way as it stopped may still arrive: from the next polls on, none.
      const stopped = requests.length;
      await until(() => requests.length >= stopped + 2, 5000, 'a poll after the stop');
      const after = requests.length;
      await until(() => requests.length >= after + 3, 5000, 'polls for zero export alone');
      // Nobody wants the counters now: only the power is asked for.
      expect(requests.slice(after).every((url) => url.startsWith('/rpc/EM.'))).toBe(true);
    } finally {
      await control.stop();
      await recorder.stop();
    }
  });
});

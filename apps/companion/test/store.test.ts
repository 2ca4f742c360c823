import { spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { powerRows } from '../src/history/routes';
import { addReading, startDay } from '../src/recorder/day-energy';
import type { HistoryStore } from '../src/recorder/db/history-store';
import type { Sample } from '../src/recorder/sample';
import { freshDir, tempDir } from './helpers';
import { openHistory, type OpenHistory } from './open-history';

const T0 = Date.parse('2026-03-01T10:00:00Z');
const MINUTE = 60_000;

const sample = (t: number, ac: number, reachable = true): Sample => ({
  serial: '1161000001',
  name: 'Roof',
  strings: ['S1', 'S2'],
  t,
  ac,
  dc: [ac / 2, ac / 2 + 1],
  yieldDay: t / 1e9,
  yieldTotal: 1000,
  temperature: 20,
  limit: 100,
  reachable,
  producing: reachable,
});

describe('raw samples become 5-minute averages', () => {
  const dir = freshDir('store');
  let opened: OpenHistory;
  let store: HistoryStore;
  beforeEach(() => {
    opened = openHistory(dir());
    store = opened.store;
  });
  afterEach(() => opened.close());

  it('averages the reachable samples of each 5 minutes and drops the raw ones', () => {
    const inv = store.inverterId('1161000001', 'Roof', ['S1', 'S2']);
    store.transaction(() => {
      const session = store.openSession(T0);
      // 10:00 to 10:09:55 every 5 s with AC 100 W then 200 W; one unreachable reading (0 W) in between.
      for (let i = 0; i < 120; i += 1)
        store.addSample(inv, session, sample(T0 + i * 5000, i < 60 ? 100 : 200));
      store.addSample(inv, session, sample(T0 + 2 * MINUTE + 2500, 0, false));
      // 10:20: after two empty buckets.
      store.addSample(inv, session, sample(T0 + 20 * MINUTE, 300));
    });
    expect(store.rollUp(inv, T0, T0 + 10 * MINUTE)).toBe(121);
    const points = store.power(inv, T0, T0 + 30 * MINUTE);
    expect(points.map(({ t, ac, dc, session }) => ({ t, ac, dc: dc.slice(0, 2), session }))).toEqual([
      { t: T0, ac: 100, dc: [50, 51], session: undefined },
      { t: T0 + 5 * MINUTE, ac: 200, dc: [100, 101], session: undefined },
      { t: T0 + 20 * MINUTE, ac: 300, dc: [150, 151], session: 1 },
    ]);
    // A missing 5-minute average is a gap, not a line.
    expect(powerRows(points, 2)).toEqual([
      [T0, 100, 50, 51],
      [T0 + 5 * MINUTE, 200, 100, 101],
      [T0 + 5 * MINUTE + 1, null, null, null],
      [T0 + 20 * MINUTE, 300, 150, 151],
    ]);
  });

  it('refuses a folder() another running server uses, and takes over one a dead server left', async () => {
    const other = await tempDir('store-other');
    try {
      // The parent of this test process is alive: as if a second server held the folder().
      await writeFile(join(other, 'companion.pid'), String(process.ppid));
      expect(() => openHistory(other)).toThrow(
        `another companion server (pid ${process.ppid}) uses ${other}`,
      );
      const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
      await writeFile(join(other, 'companion.pid'), String(dead));
      await mkdir(join(other, 'history.sqlite.lock'));
      const taken = openHistory(other);
      expect(taken.connection.integrityOk()).toBe(true);
      taken.close();
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe("an inverter's day", () => {
  const dir = freshDir('store-day');
  let opened: OpenHistory;
  beforeEach(() => {
    opened = openHistory(dir());
  });
  afterEach(() => opened.close());

  it('is read back as it was saved, and stored as text, as every release reads it', () => {
    const { store, connection } = opened;
    const inv = store.inverterId('1161000001', 'Roof', ['S1', 'S2']);
    const state = startDay('2026-03-01', undefined);
    addReading(state, { yieldDay: 1234, yieldTotal: 5678.9 });
    store.transaction(() => store.saveDay(inv, state, 1234));
    expect(store.dayState(inv, '2026-03-01')).toEqual(state);
    expect(store.lastDays().get(inv)).toEqual(state);
    expect(store.dayEnergy('2026-03-01', '2026-03-01')).toEqual([{ inv, day: '2026-03-01', wh: 1234 }]);
    // A release before this one reads the column as text (a backup restored there).
    const row = connection.db.get('SELECT typeof(state) AS type, state FROM day_energy');
    expect(row).toEqual({ type: 'text', state: JSON.stringify(state) });
  });
});

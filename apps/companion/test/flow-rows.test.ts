import { describe, expect, it } from 'vitest';
import { flowRows } from '../src/meter/grid-history';
import type { PowerPoint } from '../src/recorder/db/history-store';

const DAY = Date.UTC(2026, 5, 21);
const HOUR = 3_600_000;
const MINUTE = 60_000;
const point = (t: number, ac: number, session: number | undefined, reachable = true): PowerPoint => ({
  t,
  session,
  ac,
  dc: [],
  reachable,
});
/** The produced energy of the day's slots that have any, by slot start. */
const produced = (inverters: PowerPoint[][]): [number, number | null][] =>
  flowRows(undefined, DAY, DAY + 24 * HOUR, inverters)
    .filter((row) => row[1] !== 0)
    .map((row) => [row[0] - DAY, row[1]]);

describe('the energy flow: production per slot from the recorded power', () => {
  it('counts energy between the samples of one session, not across a new session', () => {
    const at10 = 10 * HOUR;
    const inverter = [
      // 360 W for 10 s: 1 Wh.
      point(DAY + at10, 360, 1),
      point(DAY + at10 + 10_000, 360, 1),
      // The server restarted: a new session 20 s on, nothing heard in between.
      point(DAY + at10 + 30_000, 360, 2),
      point(DAY + at10 + 40_000, 360, 2),
    ];
    expect(produced([inverter])).toEqual([[at10, 2]]);
  });

  it('joins 5-minute averages 5 minutes apart, not across a missing one', () => {
    const at8 = 8 * HOUR;
    const inverter = [
      point(DAY + at8, 600, undefined),
      point(DAY + at8 + 5 * MINUTE, 600, undefined),
      // 10:15 is missing: 10 minutes to the next average.
      point(DAY + at8 + 15 * MINUTE, 600, undefined),
    ];
    // 600 W for 5 minutes: 50 Wh, in the slot the later point ends.
    expect(produced([inverter])).toEqual([[at8 + 5 * MINUTE, 50]]);
  });

  it('counts no energy to or from an unreachable moment', () => {
    const at12 = 12 * HOUR;
    const inverter = [
      point(DAY + at12, 360, 1),
      point(DAY + at12 + 10_000, 0, 1, false),
      point(DAY + at12 + 20_000, 360, 1),
    ];
    expect(produced([inverter])).toEqual([]);
  });
});

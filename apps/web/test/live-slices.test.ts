import { describe, expect, it } from 'vitest';
import { selectInverter, selectRoster, type LiveSnapshot } from '../src/api/live-store';
import { EMPTY_LIVE_STATE, mergeLive, type LiveState } from '../src/lib/live-merge';
import { commonInverter } from './support/live-fixtures';

// What a frame leaves alone keeps its identity, so the parts of the live view that read it
// (useLive) do not render again.

const value = (v: number) => ({ v, u: 'W', d: 1 });
const total = (power: number) => ({ Power: value(power), YieldDay: value(1), YieldTotal: value(2) });
const hints = { time_sync: false, radio_problem: false, default_password: true, pin_mapping_issue: false };
const inverter = (serial: string, name: string, order: number, power: number) => ({
  ...commonInverter(serial, { name, order, data_age: 0, data_age_ms: 0 }),
  AC: { '0': { Power: value(power) } },
  DC: {},
  INV: {},
  events: 0,
});
const snapshot = (state: LiveState) => state as LiveSnapshot;

describe('a frame about one inverter', () => {
  const list = {
    inverters: [inverter('B', 'Carport', 1, 100), inverter('A', 'Garage', 0, 200)],
    total: total(300),
    hints,
  };
  const before = mergeLive(EMPTY_LIVE_STATE, list, 1, true);
  const after = mergeLive(
    before,
    { inverters: [inverter('A', 'Garage', 0, 250)], total: total(300), hints },
    2,
  );

  it('leaves the other inverter, the totals it repeats and the hints as they were', () => {
    expect(selectInverter('B')(snapshot(after))).toBe(selectInverter('B')(snapshot(before)));
    expect(selectInverter('A')(snapshot(after))).not.toBe(selectInverter('A')(snapshot(before)));
    expect(after.total).toBe(before.total);
    expect(after.hints).toBe(before.hints);
    const changed = mergeLive(after, { inverters: [], total: total(350), hints }, 3);
    expect(changed.total).not.toBe(after.total);
  });

  it('leaves the roster as it was, until a name or the order changes', () => {
    const roster = selectRoster(snapshot(before));
    expect(roster).toEqual([
      { serial: 'A', name: 'Garage' },
      { serial: 'B', name: 'Carport' },
    ]);
    expect(selectRoster(snapshot(after))).toBe(roster);
    const renamed = mergeLive(
      after,
      { inverters: [inverter('B', 'Barn', 1, 100)], total: total(300), hints },
      3,
    );
    expect(selectRoster(snapshot(renamed)).map((entry) => entry.name)).toEqual(['Garage', 'Barn']);
  });
});

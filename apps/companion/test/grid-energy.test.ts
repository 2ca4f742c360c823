import { describe, expect, it } from 'vitest';
import {
  newGridState,
  spreadOverSlots,
  takeCounters,
  takePower,
  trapezoid,
  type GridInterval,
  type GridState,
} from '../src/meter/grid-energy';
import { counterForm, countersAt, parseMeterSpec } from '../src/meter/meter-spec';

const LIMITS = { holdMs: 60_000, countersMissingMs: 300_000 };
const MIN = 60_000;

const sum = (intervals: GridInterval[]) =>
  intervals.reduce(
    (total, { importWh, exportWh }) => ({
      importWh: total.importWh + importWh,
      exportWh: total.exportWh + exportWh,
    }),
    { importWh: 0, exportWh: 0 },
  );

/** Feeds readings in order; answers every interval counted. */
function run(
  state: GridState,
  readings: ({ t: number; w: number } | { t: number; importWh: number; exportWh: number })[],
  netted: boolean,
) {
  const intervals: GridInterval[] = [];
  const notes = [];
  for (const reading of readings) {
    const step =
      'w' in reading
        ? takePower(state, reading.t, reading.w, LIMITS)
        : takeCounters(state, reading.t, reading, netted);
    intervals.push(...step.intervals);
    notes.push(...step.notes);
  }
  return { intervals, notes };
}

describe('energy from power alone (a meter without counters)', () => {
  it('integrates the trapezoid, split where the power crosses zero', () => {
    expect(trapezoid(1000, 1000, 3_600_000)).toEqual({ importWh: 1000, exportWh: 0 });
    expect(trapezoid(-600, -600, 1_800_000)).toEqual({ importWh: 0, exportWh: 300 });
    // From +1000 to -1000 W in an hour: half an hour each way, a triangle each.
    const crossing = trapezoid(1000, -1000, 3_600_000);
    expect(crossing.importWh).toBeCloseTo(250);
    expect(crossing.exportWh).toBeCloseTo(250);
  });

  it('counts each interval between readings, and no gap longer than the hold', () => {
    const state = newGridState('m');
    const { intervals } = run(
      state,
      [
        { t: 0, w: 600 },
        { t: MIN, w: 600 },
        { t: 2 * MIN, w: -300 },
        // Silent for 10 minutes: not guessed.
        { t: 12 * MIN, w: -300 },
        { t: 13 * MIN, w: -300 },
      ],
      true,
    );
    expect(intervals.map(({ from, to }) => [from, to])).toEqual([
      [0, MIN],
      [MIN, 2 * MIN],
      [12 * MIN, 13 * MIN],
    ]);
    const total = sum(intervals);
    expect(total.importWh).toBeCloseTo(10 + 600 * (2 / 3) * (1 / 60) * 0.5);
    expect(total.exportWh).toBeCloseTo(300 * (1 / 3) * (1 / 60) * 0.5 + 5);
  });
});

describe('energy from counters', () => {
  it('takes netted counters as they are, and bridges a stop with them', () => {
    const state = newGridState('m');
    const first = run(
      state,
      [
        { t: 0, w: 500 },
        { t: 0, importWh: 1000, exportWh: 200 },
        { t: MIN, w: -100 },
        { t: MIN, importWh: 1004, exportWh: 200.5 },
      ],
      true,
    );
    expect(first.intervals).toEqual([{ from: 0, to: MIN, importWh: 4, exportWh: 0.5 }]);
    // The server stops for two hours; its state is kept as JSON; the counters go on.
    const saved: GridState = JSON.parse(JSON.stringify(state)) as GridState;
    const second = run(
      saved,
      [
        { t: 2 * 60 * MIN + MIN, w: 300 },
        { t: 2 * 60 * MIN + MIN, importWh: 1504, exportWh: 900.5 },
      ],
      true,
    );
    expect(second.intervals).toEqual([{ from: MIN, to: 121 * MIN, importWh: 500, exportWh: 700 }]);
    expect(second.notes).toEqual([]);
  });

  it('nets counters that count each phase, keeping what flowed both ways as the netted power shows', () => {
    const state = newGridState('m');
    const { intervals } = run(
      state,
      [
        { t: 0, w: 0 },
        { t: 0, importWh: 1000, exportWh: 500 },
        // One phase draws 1 kW while another feeds 600 W: 400 W net import for a minute...
        { t: MIN, w: 400 },
        { t: MIN, importWh: 1000 + 1000 / 60, exportWh: 500 + 600 / 60 },
      ],
      false,
    );
    // The first minute's trapezoid from 0 to 400 W is all import: nothing flowed both ways.
    expect(intervals).toHaveLength(1);
    expect(intervals[0]!.importWh).toBeCloseTo(400 / 60);
    expect(intervals[0]!.exportWh).toBeCloseTo(0);

    // Then the net swings: 30 s of 400 W import, then 30 s of 200 W export.
    const swing = run(
      state,
      [
        { t: MIN + 30_000, w: 400 },
        { t: MIN + 30_001, w: -200 },
        { t: 2 * MIN, w: -200 },
        // Each phase on its own: 1 kW drawn on one all minute, the others' feed-in besides.
        { t: 2 * MIN, importWh: 1000 + 2000 / 60, exportWh: 500 + 600 / 60 + 1000 / 60 - 100 / 60 },
      ],
      false,
    );
    expect(swing.intervals).toHaveLength(1);
    const [interval] = swing.intervals;
    // The counters' net (100/60 Wh taken); both ways what the netted power shows of export.
    expect(interval!.importWh - interval!.exportWh).toBeCloseTo(100 / 60);
    expect(interval!.exportWh).toBeCloseTo(100 / 60, 1);
    expect(interval!.importWh).toBeCloseTo(200 / 60, 1);
  });

  it('a meter replaced (counters back to 0) is told once and counted from its power meanwhile', () => {
    const state = newGridState('m');
    const { intervals, notes } = run(
      state,
      [
        { t: 0, w: 600 },
        { t: 0, importWh: 5_000_000, exportWh: 800_000 },
        { t: MIN, w: 600 },
        { t: MIN, importWh: 0.2, exportWh: 0 },
        { t: 2 * MIN, w: 600 },
        { t: 2 * MIN, importWh: 10.2, exportWh: 0 },
      ],
      true,
    );
    expect(notes).toEqual([
      {
        kind: 'back',
        t: MIN,
        before: { importWh: 5_000_000, exportWh: 800_000 },
        after: { importWh: 0.2, exportWh: 0 },
      },
    ]);
    expect(intervals).toEqual([
      { from: 0, to: MIN, importWh: 10, exportWh: 0 },
      { from: MIN, to: 2 * MIN, importWh: 10, exportWh: 0 },
    ]);
  });

  it('a jump beyond what the house connection carries is no energy', () => {
    const state = newGridState('m');
    const { intervals, notes } = run(
      state,
      [
        { t: 0, w: 120 },
        { t: 0, importWh: 1000, exportWh: 0 },
        { t: MIN, w: 120 },
        // 5 MWh in a minute: a counter that was set, not a house.
        { t: MIN, importWh: 5_001_000, exportWh: 0 },
      ],
      true,
    );
    expect(notes.map((note) => note.kind)).toEqual(['jump']);
    expect(intervals).toEqual([{ from: 0, to: MIN, importWh: 2, exportWh: 0 }]);
  });

  it('falls back to the power when the counters stop coming, and takes them again when they return', () => {
    const state = newGridState('m');
    const readings: Parameters<typeof run>[1] = [
      { t: 0, w: 60 },
      { t: 0, importWh: 100, exportWh: 0 },
    ];
    for (let minute = 1; minute <= 7; minute += 1) readings.push({ t: minute * MIN, w: 60 });
    const { intervals, notes } = run(state, readings, true);
    expect(notes.map((note) => note.kind)).toEqual(['power']);
    expect(state.mode).toBe('power');
    // Everything since the last counters, from the power: 60 W for 7 minutes.
    expect(sum(intervals).importWh).toBeCloseTo(7);
    // Counters again: they start afresh (the minutes before were counted from the power).
    const back = run(
      state,
      [
        { t: 8 * MIN, w: 60 },
        { t: 8 * MIN, importWh: 108, exportWh: 0 },
        { t: 9 * MIN, w: 60 },
        { t: 9 * MIN, importWh: 109, exportWh: 0 },
      ],
      true,
    );
    expect(back.intervals).toEqual([
      { from: 7 * MIN, to: 8 * MIN, importWh: 1, exportWh: 0 },
      { from: 8 * MIN, to: 9 * MIN, importWh: 1, exportWh: 0 },
    ]);
  });

  it('does not count a stop of the server as power without counters', () => {
    // Saved at the stop: counters at 0 and power readings after them (waiting for the next).
    const state = newGridState('m');
    run(
      state,
      [
        { t: 0, w: 60 },
        { t: 0, importWh: 100, exportWh: 0 },
        { t: MIN / 2, w: 60 },
      ],
      true,
    );
    expect(state.waiting).toBe(MIN / 2);
    const saved: GridState = JSON.parse(JSON.stringify(state));
    // Started again three hours later: power first, the counters in the next minute.
    const later = 3 * 60 * MIN;
    const { intervals, notes } = run(
      saved,
      [
        { t: later, w: 60 },
        { t: later + MIN / 2, w: 60 },
        { t: later + MIN, importWh: 200, exportWh: 0 },
        { t: later + 2 * MIN, w: 60 },
        { t: later + 2 * MIN, importWh: 201, exportWh: 0 },
      ],
      true,
    );
    expect(notes).toEqual([]);
    expect(saved.mode).toBe('counters');
    // The counters bridge the stop, as they do any stop shorter than MAX_BRIDGE_MS.
    expect(intervals).toEqual([
      { from: 0, to: later + MIN, importWh: 100, exportWh: 0 },
      { from: later + MIN, to: later + 2 * MIN, importWh: 1, exportWh: 0 },
    ]);
  });
});

describe('slots', () => {
  it('spreads an interval over the 5-minute slots it covers, by the time in each', () => {
    const parts = spreadOverSlots({ from: 4 * MIN, to: 11 * MIN, importWh: 70, exportWh: 7 }, 5 * MIN);
    expect(parts).toEqual([
      { t: 0, importWh: 10, exportWh: 1, ms: MIN },
      { t: 5 * MIN, importWh: 50, exportWh: 5, ms: 5 * MIN },
      { t: 10 * MIN, importWh: 10, exportWh: 1, ms: MIN },
    ]);
  });
});

describe("the meters' counters", () => {
  it('are read where each meter keeps them, in Wh, and say whether they net the phases', () => {
    const pro = parseMeterSpec('shelly-pro-3em:http://m');
    expect(counterForm(pro)).toEqual({
      form: { kind: 'shelly-emdata', url: new URL('http://m/rpc/EMData.GetStatus?id=0') },
      netted: false,
    });
    expect(countersAt({ id: 0, total_act: 5000.25, total_act_ret: 12.5 }, counterForm(pro)!.form)).toEqual({
      importWh: 5000.25,
      exportWh: 12.5,
    });
    const gen1 = counterForm(parseMeterSpec('shelly-3em:http://m'))!;
    expect(gen1.netted).toBe(false);
    const emeters = [1, 2, 3].map((i) => ({ power: 0, total: i * 100, total_returned: i }));
    expect(countersAt({ emeters }, gen1.form)).toEqual({ importWh: 600, exportWh: 6 });
    const sml = counterForm(parseMeterSpec('tasmota:http://t#MT631.Power_curr'))!;
    expect(sml).toEqual({ form: { kind: 'sml', base: 'StatusSNS.MT631' }, netted: true });
    expect(countersAt({ StatusSNS: { MT631: { Total_in: 1234.5678, Total_out: '9.1' } } }, sml.form)).toEqual(
      {
        importWh: 1234567.8,
        exportWh: 9100,
      },
    );
    expect(() => countersAt({ StatusSNS: { MT631: { Power_curr: 5 } } }, sml.form)).toThrow(
      'the answer has no StatusSNS.MT631.Total_in',
    );
    // Any other JSON: no counters, its power is added up.
    expect(counterForm(parseMeterSpec('http://m/status#em.power'))).toBeUndefined();
  });
});

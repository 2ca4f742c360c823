import { describe, expect, it } from 'vitest';
import {
  bandSide,
  holdLeft,
  observe,
  raised,
  CYCLE_WINDOW_MS,
  HOLD_FIRST_MS,
  HOLD_MAX_MS,
  NO_GUARD,
  QUIET_MS,
  type CycleGuard,
} from '../src/control/cycle-guard';
import { step, type ControlMemory, type ControlSettings, type InverterView } from '../src/control/step';

const S = 1000;

/** A load that the controller covered and that went away `offAfterS` after the raise. */
function cycle(guard: CycleGuard, at: number, offAfterS: number): CycleGuard {
  const covered = raised(observe(guard, 'import', at), at);
  return observe(observe(covered, 'inside', at + 5 * S), 'export', at + offAfterS * S);
}

describe('the guard against loads that switch on and off', () => {
  it('tells import, inside and export from the band around the target', () => {
    expect(bandSide(26, 0, 25)).toBe('import');
    expect(bandSide(-25, 0, 25)).toBe('inside');
    expect(bandSide(-26, 0, 25)).toBe('export');
    expect(bandSide(100, 120, 25)).toBe('inside');
  });

  it('holds nothing for a house that has not cycled', () => {
    const guard = observe(NO_GUARD, 'import', 0);
    expect(holdLeft(guard, 0)).toBe(0);
  });

  it('doubles the hold-off for each raise followed by export within the window, up to the most', () => {
    let guard = cycle(NO_GUARD, 0, 45);
    expect(guard.holdMs).toBe(HOLD_FIRST_MS);
    guard = cycle(guard, 90 * S, 45);
    expect(guard.holdMs).toBe(2 * HOLD_FIRST_MS);
    guard = cycle(guard, 180 * S, 45);
    expect(guard.holdMs).toBe(HOLD_MAX_MS);
  });

  it('does not count a kettle: its export comes after the window', () => {
    expect(cycle(NO_GUARD, 0, CYCLE_WINDOW_MS / S + 30).holdMs).toBe(0);
  });

  it('holds a raise back until the import has lasted the hold-off', () => {
    const guard = observe({ ...NO_GUARD, holdMs: 30 * S, cycleAt: 0 }, 'import', 100 * S);
    expect(holdLeft(guard, 100 * S)).toBe(30 * S);
    expect(holdLeft(observe(guard, 'import', 120 * S), 120 * S)).toBe(10 * S);
    expect(holdLeft(observe(guard, 'import', 131 * S), 131 * S)).toBe(0);
    // Lowering is not the guard's: an export never waits.
    expect(holdLeft(observe(guard, 'export', 110 * S), 110 * S)).toBe(0);
  });

  it('keeps the hold-off while the load keeps going away before it ran out', () => {
    let guard: CycleGuard = { ...NO_GUARD, holdMs: 60 * S, cycleAt: 0 };
    // A hob: 45 s on, 45 s off, never covered, for half an hour.
    for (let t = 0; t < 1800; t += 90) {
      guard = observe(guard, 'import', (t + 1) * S);
      guard = observe(guard, 'inside', (t + 46) * S);
    }
    expect(guard.holdMs).toBe(60 * S);
  });

  it('halves the hold-off when a raise held, and after quiet minutes, down to none', () => {
    const busy: CycleGuard = { ...NO_GUARD, holdMs: 60 * S, cycleAt: 0 };
    const held = observe(raised(busy, 10 * S), 'inside', 10 * S + CYCLE_WINDOW_MS + S);
    expect(held.holdMs).toBe(30 * S);
    let quiet = busy;
    for (let t = 0; t <= 2 * QUIET_MS; t += 10 * S) quiet = observe(quiet, 'inside', t);
    expect(quiet.holdMs).toBe(15 * S);
    for (let t = 2 * QUIET_MS; t <= 3 * QUIET_MS; t += 10 * S) quiet = observe(quiet, 'inside', t);
    expect(quiet.holdMs).toBe(0);
  });
});

describe('the decision with a cycling load', () => {
  const settings: ControlSettings = { targetW: 0, bandW: 25, intervalMs: 10_000, fallback: 'before' };
  const T0 = 1_000_000;
  const inverter = (outputW: number, limitW: number): InverterView => ({
    serial: 'a',
    maxPower: 1600,
    reachable: true,
    producing: true,
    outputW,
    outputAt: T0 - 1000,
    limitW,
    setStatus: 'Ok',
  });
  const memory = (guard: CycleGuard): ControlMemory => ({
    fallback: false,
    inverters: { a: { beforeW: 1600, last: { watts: 500, sentAt: T0 - 60_000, status: 'ok' } } },
    guard,
  });
  const reading = (powerW: number, at: number) => ({
    now: at,
    reading: { powerW, at },
    meterFailing: false,
    inverters: [inverter(500, 500)],
  });

  it('waits with a raise while the guard holds, says so, then covers the import', () => {
    const guard: CycleGuard = { ...NO_GUARD, holdMs: 30_000, cycleAt: T0 - 60_000 };
    const first = step(memory(guard), reading(1500, T0), settings);
    expect(first).toMatchObject({ commands: [], state: 'holding' });
    const later = step(first.memory, reading(1500, T0 + 31_000), settings);
    expect(later.state).toBe('following');
    expect(later.commands).toEqual([{ serial: 'a', watts: 1600 }]);
  });

  it('never holds a lower limit', () => {
    const guard: CycleGuard = { ...NO_GUARD, holdMs: HOLD_MAX_MS, cycleAt: T0 - 60_000 };
    const result = step(memory(guard), reading(-300, T0), settings);
    expect(result.state).toBe('following');
    expect(result.commands).toEqual([{ serial: 'a', watts: 188 }]);
  });

  it('learns the hold-off from a raise that the house answered with export', () => {
    const raise = step(memory(NO_GUARD), reading(600, T0), settings);
    expect(raise.commands).toEqual([{ serial: 'a', watts: 1088 }]);
    const acked: ControlMemory = {
      ...raise.memory,
      inverters: { a: { ...raise.memory.inverters.a!, last: { watts: 1088, sentAt: T0, status: 'ok' } } },
    };
    const off = step(acked, { ...reading(-600, T0 + 40_000), inverters: [inverter(1088, 1088)] }, settings);
    expect(off.commands).toEqual([{ serial: 'a', watts: 476 }]);
    expect(off.memory.guard?.holdMs).toBe(HOLD_FIRST_MS);
  });

  it('covers an import at once right after a switching load when the owner turned waiting out off', () => {
    const covering: ControlSettings = { ...settings, waitOutSwitching: false };
    // The hob comes on, is covered, switches off within the window (export), comes on again.
    const raise = step(memory(NO_GUARD), reading(600, T0), covering);
    expect(raise.commands).toEqual([{ serial: 'a', watts: 1088 }]);
    const acked = (result: typeof raise, watts: number, sentAt: number): ControlMemory => ({
      ...result.memory,
      inverters: { a: { ...result.memory.inverters.a!, last: { watts, sentAt, status: 'ok' } } },
    });
    const gone = step(
      acked(raise, 1088, T0),
      { ...reading(-600, T0 + 40_000), inverters: [inverter(1088, 1088)] },
      covering,
    );
    expect(gone.commands).toEqual([{ serial: 'a', watts: 476 }]);
    // The guard still learns, so turning waiting out on again finds the house known.
    expect(gone.memory.guard?.holdMs).toBe(HOLD_FIRST_MS);
    const back = { ...reading(600, T0 + 70_000), inverters: [inverter(476, 476)] };
    const memoryBack = acked(gone, 476, T0 + 40_000);
    expect(step(memoryBack, back, covering)).toMatchObject({
      state: 'following',
      commands: [{ serial: 'a', watts: 1064 }],
    });
    // Waiting out on (the default), the same import is held.
    expect(step(memoryBack, back, settings)).toMatchObject({ state: 'holding', commands: [] });
  });
});

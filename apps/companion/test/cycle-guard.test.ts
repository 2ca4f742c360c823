import { describe, expect, it } from 'vitest';
import {
  bandSide,
  holdOffW,
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

/** The guard after a reading of `powerW` at `atS` (target 0 W, band 25 W). */
const read = (guard: CycleGuard, powerW: number, atS: number): CycleGuard =>
  observe(guard, { powerW, side: bandSide(powerW, 0, 25), at: atS * S, targetW: 0 });

/** A 1.5 kW load that the controller covered and that went away `offAfterS` after the raise. */
function cycle(guard: CycleGuard, atS: number, offAfterS: number): CycleGuard {
  const covered = raised(read(read(guard, 10, atS - 1), 1500, atS), atS * S);
  return read(read(covered, 10, atS + 5), -1500, atS + offAfterS);
}

describe('the guard against loads that switch on and off', () => {
  it('tells import, inside and export from the band around the target', () => {
    expect(bandSide(26, 0, 25)).toBe('import');
    expect(bandSide(-25, 0, 25)).toBe('inside');
    expect(bandSide(-26, 0, 25)).toBe('export');
    expect(bandSide(100, 120, 25)).toBe('inside');
  });

  it('holds nothing for a house that has not cycled', () => {
    const guard = read(NO_GUARD, 1500, 0);
    expect(holdLeft(guard, 0)).toBe(0);
    expect(holdOffW(guard, 0)).toBe(0);
  });

  it('doubles the hold-off for each raise followed by export within the window, up to the most', () => {
    let guard = cycle(NO_GUARD, 1, 45);
    expect(guard.holdMs).toBe(HOLD_FIRST_MS);
    guard = cycle(guard, 90, 45);
    expect(guard.holdMs).toBe(Math.min(2 * HOLD_FIRST_MS, HOLD_MAX_MS));
    guard = cycle(guard, 180, 45);
    guard = cycle(guard, 270, 45);
    expect(guard.holdMs).toBe(HOLD_MAX_MS);
  });

  it('does not count a kettle: its export comes after the window', () => {
    expect(cycle(NO_GUARD, 1, CYCLE_WINDOW_MS / S + 30).holdMs).toBe(0);
  });

  it('holds back the step of a load that switched on until it has lasted the hold-off', () => {
    const busy: CycleGuard = { ...NO_GUARD, holdMs: 30 * S, cycleAt: 0 };
    const guard = read(read(busy, 10, 99), 1510, 100);
    expect(holdLeft(guard, 100 * S)).toBe(30 * S);
    expect(holdOffW(guard, 100 * S)).toBe(1500);
    expect(holdLeft(read(guard, 1510, 120), 120 * S)).toBe(10 * S);
    expect(holdOffW(read(guard, 1510, 131), 131 * S)).toBe(0);
    // Lowering is not the guard's: an export never waits.
    expect(holdOffW(read(guard, -300, 110), 110 * S)).toBe(0);
  });

  it('holds only the step: import that creeps up or was there before is not held', () => {
    const busy: CycleGuard = { ...NO_GUARD, holdMs: 60 * S, cycleAt: 0 };
    // A fridge (120 W) comes on, then the hob (1.9 kW) beside it.
    let guard = read(read(busy, 10, 1), 130, 2);
    expect(holdOffW(guard, 2 * S)).toBe(0);
    guard = read(guard, 2030, 10);
    expect(holdOffW(guard, 10 * S)).toBe(1900);
    // The hob switches off while the fridge still draws: the step is gone, a cycle seen.
    guard = read(guard, 130, 50);
    expect(holdOffW(guard, 50 * S)).toBe(0);
    expect(guard.cycleAt).toBe(50 * S);
    // It comes back: held again from its own switching on, not from the fridge's.
    guard = read(guard, 2030, 80);
    expect(holdLeft(guard, 80 * S)).toBe(60 * S);
  });

  it('takes no rise out of export for a load: it is a lower limit arriving', () => {
    const busy: CycleGuard = { ...NO_GUARD, holdMs: 60 * S, cycleAt: 0 };
    expect(holdOffW(read(read(busy, -1800, 1), 120, 6), 6 * S)).toBe(0);
  });

  it('keeps the step held after a raise that covered only the rest, and its falls are not loads going', () => {
    const busy: CycleGuard = { ...NO_GUARD, holdMs: 60 * S, cycleAt: 0 };
    let guard = read(read(busy, 10, 1), 2010, 2);
    guard = read(guard, 3900, 10);
    expect(holdOffW(guard, 10 * S)).toBe(1890);
    guard = raised(guard, 10 * S, true);
    // The raise covers 2 kW: the grid falls to the held step.
    guard = read(guard, 1900, 20);
    expect(holdOffW(guard, 20 * S)).toBe(1890);
    // A raise of the whole import ends the hold.
    expect(holdOffW(raised(guard, 80 * S), 80 * S)).toBe(0);
  });

  it('keeps the hold-off while the load keeps going away before it ran out', () => {
    let guard: CycleGuard = { ...NO_GUARD, holdMs: 60 * S, cycleAt: 0 };
    // A hob: 45 s on, 45 s off, never covered, for half an hour.
    for (let t = 0; t < 1800; t += 90) {
      guard = read(guard, 1500, t + 1);
      guard = read(guard, 10, t + 46);
    }
    expect(guard.holdMs).toBe(60 * S);
  });

  it('halves the hold-off when a raise held, and after quiet minutes, down to none', () => {
    const busy: CycleGuard = { ...NO_GUARD, holdMs: 60 * S, cycleAt: 0 };
    // A step covered and still there after the window: a kettle, not a cycle.
    const covered = raised(read(read(busy, 10, 9), 1510, 10), 10 * S);
    expect(read(covered, 10, 10 + CYCLE_WINDOW_MS / S + 1).holdMs).toBe(30 * S);
    // A raise that covered no step (a fridge's 120 W) is not watched.
    const fridge = raised(read(read(busy, 10, 9), 130, 10), 10 * S);
    expect(read(fridge, -600, 40).holdMs).toBe(60 * S);
    let quiet = busy;
    for (let t = 0; t <= (2 * QUIET_MS) / S; t += 10) quiet = read(quiet, 10, t);
    expect(quiet.holdMs).toBe(15 * S);
    for (let t = (2 * QUIET_MS) / S; t <= (3 * QUIET_MS) / S; t += 10) quiet = read(quiet, 10, t);
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

  it('holds the switching load and covers what the house takes beside it', () => {
    const guard: CycleGuard = { ...NO_GUARD, holdMs: 60_000, cycleAt: T0 - 60_000 };
    const calm = step(memory(guard), reading(10, T0 - 2000), settings);
    // The hob comes on: its 1.9 kW wait.
    const hob = step(calm.memory, reading(1910, T0), settings);
    expect(hob).toMatchObject({ commands: [], state: 'holding' });
    // A fridge adds 240 W beside it: those are covered, the hob still waits.
    const fridge = step(hob.memory, reading(2150, T0 + 5000), settings);
    expect(fridge.state).toBe('holding');
    expect(fridge.commands).toEqual([{ serial: 'a', watts: 500 + 2150 - 1900 - 12 }]);
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
    // The lower limit arrives (the grid back in the band), then the hob comes on again.
    const settled = step(
      acked(gone, 476, T0 + 40_000),
      { ...reading(10, T0 + 60_000), inverters: [inverter(476, 476)] },
      covering,
    );
    const memoryBack = settled.memory;
    expect(step(memoryBack, back, covering)).toMatchObject({
      state: 'following',
      commands: [{ serial: 'a', watts: 1064 }],
    });
    // Waiting out on (the default), the same import is held.
    expect(step(memoryBack, back, settings)).toMatchObject({ state: 'holding', commands: [] });
  });
});

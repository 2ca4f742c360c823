/**
 * The house behind the grid meter [rec]: a standby floor, a fridge that cycles all day and
 * the day's appliance runs (household-day.ts). `load(t)` is a pure function of the instant
 * and the seed: the meter asks for the present on the emulator's clock, tests ask for any
 * moment, and the same seed always gives the same house.
 */
import { planDay, type Draw, type Phase } from './household-day';
import { between, createRandom, seedOf } from './random';

export type { ApplianceName, Draw, Phase } from './household-day';

const DAY_S = 86_400;
/** A fridge compressor runs about 15 min in every 45 min. */
const FRIDGE_CYCLE_S = 2700;
/** The standby floor wanders a little every 10 s (routers, chargers, the heating pump). */
const STANDBY_STEP_S = 10;

export interface Household {
  readonly seed: number;
  /** What the house consumes at `t` (epoch ms), W. */
  load(t: number): number;
  /** Everything that draws power at `t`, per appliance and phase. */
  activity(t: number): Draw[];
}

/**
 * @param utcOffsetS seconds east of UTC at an instant: the house lives by the local clock
 *   (the device's time zone), so lunch is at noon there.
 */
export function createHousehold(seed: number, utcOffsetS: (t: number) => number = () => 0): Household {
  const house = createRandom(seedOf('house', seed));
  const standbyWatts = between(house, 70, 130);
  const fridgeShiftS = Math.floor(house() * FRIDGE_CYCLE_S);
  const plans = new Map<number, ReturnType<typeof planDay>>();
  const plan = (day: number): ReturnType<typeof planDay> => {
    let runs = plans.get(day);
    if (!runs) {
      runs = planDay(seed, day);
      // A meter reads the present and tests walk forward: a few days are plenty to keep.
      if (plans.size >= 4) plans.delete(plans.keys().next().value!);
      plans.set(day, runs);
    }
    return runs;
  };

  const standby = (epochS: number): Draw => {
    const step = Math.floor(epochS / STANDBY_STEP_S);
    const wobble = between(createRandom(seedOf('standby', seed, step)), -0.04, 0.04);
    return { appliance: 'standby', phase: 0, watts: standbyWatts * (1 + wobble), powerFactor: 0.9 };
  };

  const fridge = (epochS: number): Draw | undefined => {
    const shifted = epochS + fridgeShiftS;
    const cycle = Math.floor(shifted / FRIDGE_CYCLE_S);
    const cycleRandom = createRandom(seedOf('fridge', seed, cycle));
    const onS = between(cycleRandom, 780, 1020);
    const watts = between(cycleRandom, 85, 115);
    if (shifted - cycle * FRIDGE_CYCLE_S >= onS) return undefined;
    return { appliance: 'fridge', phase: 0, watts, powerFactor: 0.75 };
  };

  const activity = (t: number): Draw[] => {
    const epochS = t / 1000;
    const localS = epochS + utcOffsetS(t);
    const day = Math.floor(localS / DAY_S);
    const secondOfDay = localS - day * DAY_S;
    const draws: Draw[] = [standby(epochS)];
    const cold = fridge(epochS);
    if (cold) draws.push(cold);
    // Today's runs, and yesterday's that go on past midnight.
    for (const [runs, at] of [
      [plan(day), secondOfDay],
      [plan(day - 1), secondOfDay + DAY_S],
    ] as const) {
      for (const run of runs) {
        const elapsed = at - run.startS;
        if (elapsed >= 0 && elapsed < run.durationS) draws.push(...run.draw(elapsed));
      }
    }
    return draws.filter((draw) => draw.watts > 0);
  };

  return {
    seed,
    activity,
    load: (t) => activity(t).reduce((sum, draw) => sum + draw.watts, 0),
  };
}

/** Active and reactive power per phase of a set of draws (what a three-phase meter sees). */
export function perPhase(draws: readonly Draw[]): { active: number[]; reactive: number[] } {
  const active = [0, 0, 0];
  const reactive = [0, 0, 0];
  for (const { phase, watts, powerFactor } of draws) {
    active[phase] = (active[phase] ?? 0) + watts;
    reactive[phase] = (reactive[phase] ?? 0) + watts * Math.tan(Math.acos(powerFactor));
  }
  return { active, reactive };
}

export const PHASES: readonly Phase[] = [0, 1, 2];

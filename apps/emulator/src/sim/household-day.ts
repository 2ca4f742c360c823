/**
 * One day of a household's appliances [rec]: when each switches on and what it draws
 * while it runs, drawn from a seed for that day, so any instant can be asked for in any
 * order and the same seed always gives the same day. Times are seconds after local
 * midnight; a run may go on past midnight (start + duration > 86,400).
 */
import { between, createRandom, seedOf, type Random } from './random';

/** Meter phase the appliance hangs on: 0 = L1 (a), 1 = L2 (b), 2 = L3 (c). */
export type Phase = 0 | 1 | 2;

export type ApplianceName =
  | 'standby'
  | 'fridge'
  | 'kettle'
  | 'washing-machine'
  | 'hob'
  | 'oven'
  | 'dishwasher'
  | 'lights'
  | 'tv'
  | 'computer';

/** What one appliance draws on one phase at an instant. */
export interface Draw {
  appliance: ApplianceName;
  phase: Phase;
  /** Active power, W. */
  watts: number;
  powerFactor: number;
}

/** One switching-on of an appliance. */
export interface Run {
  appliance: ApplianceName;
  startS: number;
  durationS: number;
  /** What it draws `elapsedS` into the run. */
  draw(elapsedS: number): Draw[];
}

export const KETTLE_WATTS = 2000;
const HEATER_WATTS = 2000;
const HOUR_S = 3600;

const constant = (
  appliance: ApplianceName,
  phase: Phase,
  startS: number,
  durationS: number,
  watts: number,
  powerFactor: number,
): Run => ({ appliance, startS, durationS, draw: () => [{ appliance, phase, watts, powerFactor }] });

/** A level that a thermostat switches on and off with `periodS` and duty `duty`. */
const cycling = (elapsedS: number, periodS: number, duty: number): boolean =>
  elapsedS % periodS < duty * periodS;

/** A drum that turns for a while and rests for a while, each turn with its own effort. */
function drum(seed: number, elapsedS: number, slotS: number, min: number, max: number): number {
  const slot = Math.floor(elapsedS / slotS);
  if (slot % 2 === 1) return 15;
  return between(createRandom(seedOf('drum', seed, slot)), min, max);
}

// Fill, heat the water, wash (the drum turning both ways), rinse and spin: about 1.5 h.
function washingMachine(random: Random, startS: number): Run {
  const seed = Math.floor(random() * 2 ** 32);
  const fill = between(random, 180, 300);
  const heat = fill + between(random, 900, 1500);
  const wash = heat + between(random, 2400, 3000);
  const rinse = wash + 900;
  const spin = rinse + between(random, 480, 600);
  const draw = (elapsedS: number): Draw[] => {
    const at = (watts: number, powerFactor: number): Draw[] => [
      { appliance: 'washing-machine', phase: 2, watts, powerFactor },
    ];
    if (elapsedS < fill) return at(40, 0.5);
    if (elapsedS < heat) return at(HEATER_WATTS + drum(seed, elapsedS, 15, 40, 60), 0.99);
    if (elapsedS < wash) return at(drum(seed, elapsedS, 15, 200, 500), 0.7);
    if (elapsedS < rinse) return at(drum(seed, elapsedS, 10, 150, 300), 0.7);
    return at(300 + (200 * (elapsedS - rinse)) / (spin - rinse), 0.75);
  };
  return { appliance: 'washing-machine', startS, durationS: spin, draw };
}

// Two rings at full power until the pots boil, then the hob's own cycling; it sits on L2
// and L3 (a hob usually takes two phases).
function hob(random: Random, startS: number): Run {
  const level = between(random, 1500, 3000);
  const boilS = between(random, 300, 600);
  const duty = between(random, 0.4, 0.7);
  const durationS = between(random, 1800, 3300);
  const draw = (elapsedS: number): Draw[] => {
    const on = elapsedS < boilS || cycling(elapsedS - boilS, 90, duty);
    const half = on ? level / 2 : 0;
    return [
      { appliance: 'hob', phase: 1, watts: half, powerFactor: 1 },
      { appliance: 'hob', phase: 2, watts: half, powerFactor: 1 },
    ];
  };
  return { appliance: 'hob', startS, durationS, draw };
}

// Heats up at full power, then holds its temperature.
function oven(random: Random, startS: number): Run {
  const durationS = between(random, 1800, 3000);
  const draw = (elapsedS: number): Draw[] => {
    const on = elapsedS < 600 || cycling(elapsedS - 600, 120, 0.45);
    return [{ appliance: 'oven', phase: 2, watts: on ? HEATER_WATTS : 0, powerFactor: 1 }];
  };
  return { appliance: 'oven', startS, durationS, draw };
}

// Pumping, heating the wash water, pumping, heating to dry: about 1.3 h.
function dishwasher(startS: number): Run {
  const steps: [untilS: number, watts: number, powerFactor: number][] = [
    [600, 50, 0.6],
    [1800, HEATER_WATTS, 0.99],
    [3600, 50, 0.6],
    [4200, HEATER_WATTS, 0.99],
    [4800, 10, 0.5],
  ];
  const draw = (elapsedS: number): Draw[] => {
    const [, watts, powerFactor] = steps.find(([until]) => elapsedS < until) ?? steps[steps.length - 1]!;
    return [{ appliance: 'dishwasher', phase: 2, watts, powerFactor }];
  };
  return { appliance: 'dishwasher', startS, durationS: 4800, draw };
}

/** Local day number (days since 1970-01-01 local) -> weekend or not (that day was a Thursday). */
const isWeekend = (day: number): boolean => [0, 6].includes((((day + 4) % 7) + 7) % 7);

/** The appliance runs of one local day. */
export function planDay(seed: number, day: number): Run[] {
  const random = createRandom(seedOf('household', seed, day));
  const r = (fromH: number, toH: number): number => between(random, fromH * HOUR_S, toH * HOUR_S);
  const weekend = isWeekend(day);
  const runs: Run[] = [];
  const wake = weekend ? r(7.5, 9) : r(6, 7.25);
  const bed = r(22.5, 23.75);
  runs.push(constant('lights', 0, wake, between(random, 1800, 3600), between(random, 80, 160), 0.95));
  const kettleTimes = [wake + between(random, 300, 900), r(10, 11), r(15, 16.5), r(19.5, 21.5), r(13, 14)];
  const kettles = 3 + Math.floor(random() * 3);
  for (const startS of kettleTimes.slice(0, kettles)) {
    runs.push(constant('kettle', 1, startS, between(random, 150, 240), KETTLE_WATTS, 1));
  }
  runs.push(hob(random, r(11.5, 12.5)));
  const dinner = r(17.75, 18.75);
  runs.push(random() < 0.5 ? oven(random, dinner) : hob(random, dinner));
  if (random() < 0.45) runs.push(washingMachine(random, random() < 0.5 ? r(9, 11) : r(17, 19)));
  if (random() < 0.4) runs.push(dishwasher(r(20, 21)));
  const dusk = r(18.5, 20);
  runs.push(constant('lights', 0, dusk, bed - dusk, between(random, 100, 250), 0.9));
  const tv = r(19.5, 20.5);
  runs.push(constant('tv', 0, tv, bed - tv - between(random, 0, 1800), between(random, 90, 140), 0.95));
  if (!weekend && random() < 0.5)
    runs.push(constant('computer', 0, r(8.5, 9.5), r(7, 8), between(random, 60, 120), 0.95));
  return runs;
}

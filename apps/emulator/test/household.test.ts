import { describe, expect, it } from 'vitest';
import { createHousehold, type Household } from '../src/sim/household';
import { KETTLE_WATTS } from '../src/sim/household-day';

/** Central European Summer Time: the device's default zone in June. */
const CEST = (): number => 7200;
const JUNE_1 = Date.parse('2026-06-01T00:00:00+02:00');
const DAY_MS = 86_400_000;

/** Energy of one local day, Wh, from the load sampled every 10 s. */
function dayEnergyWh(house: Household, dayStart: number): number {
  let wh = 0;
  for (let s = 0; s < 86_400; s += 10) wh += (house.load(dayStart + s * 1000) * 10) / 3600;
  return wh;
}

/** Instants (every second) in [from, to) where `appliance` switches on. */
function switchOns(house: Household, appliance: string, from: number, to: number): number[] {
  const found: number[] = [];
  let before = false;
  for (let t = from; t < to; t += 1000) {
    const on = house.activity(t).some((draw) => draw.appliance === appliance);
    if (on && !before) found.push(t);
    before = on;
  }
  return found;
}

describe('the simulated house (--household)', () => {
  it('is the same house for the same seed, in any order of asking, and another for another seed', () => {
    const instants = Array.from({ length: 500 }, (_, i) => JUNE_1 + i * 173_000);
    const a = createHousehold(7, CEST);
    const forward = instants.map((t) => a.load(t));
    const backward = [...instants].reverse().map((t) => createHousehold(7, CEST).load(t));
    expect(backward.reverse()).toEqual(forward);
    const other = instants.map((t) => createHousehold(8, CEST).load(t));
    expect(other).not.toEqual(forward);
  });

  it('shows the kettle as a 2 kW step, a few times a day, for a few minutes', () => {
    const house = createHousehold(3, CEST);
    const starts = switchOns(house, 'kettle', JUNE_1, JUNE_1 + DAY_MS);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts.length).toBeLessThanOrEqual(5);
    for (const t of starts) {
      // The step seen from one second to the next is the kettle's (other appliances may
      // switch in the same second only by chance; this seed has none doing so).
      expect(house.load(t) - house.load(t - 1000)).toBeCloseTo(KETTLE_WATTS, -2);
      const secondsOn = Array.from({ length: 600 }, (_, s) => t + s * 1000).filter((at) =>
        house.activity(at).some((d) => d.appliance === 'kettle'),
      ).length;
      expect(secondsOn / 60).toBeGreaterThanOrEqual(2);
      expect(secondsOn / 60).toBeLessThanOrEqual(4);
    }
  });

  it('uses a plausible 5-12 kWh per day and never drops below its standby floor', () => {
    for (const seed of [1, 2, 3, 42]) {
      const house = createHousehold(seed, CEST);
      for (let day = 0; day < 7; day += 1) {
        const kwh = dayEnergyWh(house, JUNE_1 + day * DAY_MS) / 1000;
        expect(kwh).toBeGreaterThan(5);
        expect(kwh).toBeLessThan(12);
      }
      const night = Array.from({ length: 360 }, (_, i) => house.load(JUNE_1 + 3 * 3_600_000 + i * 10_000));
      expect(Math.min(...night)).toBeGreaterThan(60);
      expect(Math.max(...night)).toBeLessThan(300);
    }
  });

  it('cycles the fridge at about 100 W, some 15 min on in every 45', () => {
    const house = createHousehold(5, CEST);
    const starts = switchOns(house, 'fridge', JUNE_1, JUNE_1 + 6 * 3_600_000);
    expect(starts.length).toBeGreaterThanOrEqual(7);
    expect(starts.length).toBeLessThanOrEqual(9);
    const watts = house.activity(starts[1]!).find((d) => d.appliance === 'fridge')?.watts;
    expect(watts).toBeGreaterThan(80);
    expect(watts).toBeLessThan(120);
  });

  it('runs a washing programme of about 1.5 h: heating at about 2 kW, then the motor at 200-500 W', () => {
    const house = createHousehold(3, CEST);
    let runs: number[] = [];
    let day = 0;
    for (; day < 14 && runs.length === 0; day += 1) {
      runs = switchOns(house, 'washing-machine', JUNE_1 + day * DAY_MS, JUNE_1 + (day + 1) * DAY_MS);
    }
    expect(runs.length).toBe(1);
    const start = runs[0]!;
    const draws = Array.from({ length: 2 * 3600 }, (_, s) =>
      house
        .activity(start + s * 1000)
        .filter((d) => d.appliance === 'washing-machine')
        .reduce((sum, d) => sum + d.watts, 0),
    );
    const runningS = draws.filter((w) => w > 0).length;
    expect(runningS / 3600).toBeGreaterThan(1.2);
    expect(runningS / 3600).toBeLessThan(1.8);
    expect(draws.filter((w) => w >= 1950).length / 60).toBeGreaterThan(10);
    expect(draws.filter((w) => w >= 200 && w <= 500).length / 60).toBeGreaterThan(20);
  });

  it('cooks around noon by the local clock, at 1.5-3 kW', () => {
    const peak = (house: Household, fromUtc: string): number => {
      const from = Date.parse(fromUtc);
      let best = 0;
      for (let s = 0; s < 2.5 * 3600; s += 5) {
        const hob = house.activity(from + s * 1000).filter((d) => d.appliance === 'hob');
        best = Math.max(
          best,
          hob.reduce((sum, d) => sum + d.watts, 0),
        );
      }
      return best;
    };
    // 11:00-13:30 CEST is 09:00-11:30 UTC.
    const local = peak(createHousehold(9, CEST), '2026-06-03T09:00:00Z');
    expect(local).toBeGreaterThanOrEqual(1500);
    expect(local).toBeLessThanOrEqual(3000);
    // The same house in UTC cooks two hours later by the world's clock.
    expect(peak(createHousehold(9), '2026-06-03T09:00:00Z')).toBe(0);
  });
});

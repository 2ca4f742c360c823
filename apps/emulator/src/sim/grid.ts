/**
 * The public grid at the site, shared by all inverters: frequency and voltage wander
 * slowly around their nominal values (inverters.md §8.2 step 8), well inside the trip
 * limits of the grid profile so no protection fires by accident.
 */
import { between, clamp, createRandom, ouStep, seedOf, type Random } from './random';

export class GridState {
  frequency: number;
  /** Phase-to-neutral voltage at the connection point, before each inverter's cable rise. */
  voltage: number;
  private readonly random: Random;
  private readonly meanVoltage: number;
  private at: number | undefined;

  constructor(
    siteSeed: number,
    readonly nominalFrequency = 50,
    nominalVoltage = 230,
  ) {
    this.random = createRandom(seedOf(siteSeed, 'grid'));
    this.meanVoltage = nominalVoltage + between(this.random, 1, 5);
    this.frequency = nominalFrequency;
    this.voltage = this.meanVoltage;
  }

  advance(toMs: number): void {
    const dtS = this.at === undefined ? 0 : (toMs - this.at) / 1000;
    this.at = toMs;
    if (dtS <= 0) return;
    const f0 = this.nominalFrequency;
    this.frequency = clamp(ouStep(this.frequency, f0, 0.012, 120, dtS, this.random), f0 - 0.03, f0 + 0.03);
    this.voltage = clamp(
      ouStep(this.voltage, this.meanVoltage, 1.2, 600, dtS, this.random),
      this.meanVoltage - 4,
      this.meanVoltage + 4,
    );
  }
}

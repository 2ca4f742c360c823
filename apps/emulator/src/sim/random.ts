/**
 * Seeded randomness for the simulation, so a simulated day replays identically (tests,
 * reloads): the generator is the shared one (server-kit), the seeds come from here.
 */
import { createRandom, type Random } from '@opendtu/server-kit/seeded-random';

export { createRandom, type Random };

/** A 32-bit seed from any parts (FNV-1a over their text). */
export function seedOf(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Uniform in [min, max). */
export const between = (random: Random, min: number, max: number): number => min + (max - min) * random();

/** Standard normal (Box-Muller). */
export function gaussian(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * One step of an Ornstein-Uhlenbeck process: drifts back to `mean` with time constant
 * `tauS` and wanders with stationary standard deviation `sigma`.
 */
export function ouStep(
  value: number,
  mean: number,
  sigma: number,
  tauS: number,
  dtS: number,
  random: Random,
): number {
  const decay = Math.exp(-dtS / tauS);
  return mean + (value - mean) * decay + sigma * Math.sqrt(1 - decay * decay) * gaussian(random);
}

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

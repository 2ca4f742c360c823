/**
 * Seeded randomness, so a simulated day replays identically (tests, reloads). mulberry32
 * is small and good enough for weather and radio noise; nothing here is security-relevant.
 */
export type Random = () => number;

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

/**
 * Seeded randomness: the same seed gives the same sequence, so a simulated day (the
 * emulator) or a fuzzed test input (the companion's tests) replays exactly. mulberry32:
 * small and even enough for weather, radio noise and test inputs; never for anything
 * security-relevant.
 */
export type Random = () => number;

/** Numbers in [0, 1) from a 32-bit seed. */
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

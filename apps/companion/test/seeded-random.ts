import { onTestFailed } from 'vitest';

/**
 * Random inputs a run can replay: the seed is FUZZ_SEED when set, else drawn, and a failure
 * of the test that asked for it says which (`FUZZ_SEED=<seed>` replays it). Call it inside
 * the test. mulberry32, as the emulator's simulation draws (the layers keep the companion
 * from importing the emulator's).
 */
export function seededRandom(): { seed: number; random: () => number } {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  onTestFailed(() => console.log(`seed ${seed}: FUZZ_SEED=${seed} replays this run`));
  return { seed, random: mulberry32(seed) };
}

/** mulberry32: numbers in [0, 1), the same sequence for the same seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

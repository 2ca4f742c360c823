import { createRandom } from '@opendtu/server-kit/seeded-random';
import { onTestFailed } from 'vitest';

/**
 * Random inputs a run can replay: the seed is FUZZ_SEED when set, else drawn, and a failure
 * of the test that asked for it says which (`FUZZ_SEED=<seed>` replays it). Call it inside
 * the test.
 */
export function seededRandom(): { seed: number; random: () => number } {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  onTestFailed(() => console.log(`seed ${seed}: FUZZ_SEED=${seed} replays this run`));
  return { seed, random: createRandom(seed) };
}

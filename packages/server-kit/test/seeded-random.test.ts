import { describe, expect, it } from 'vitest';
import { createRandom } from '../src/seeded-random';

const draw = (seed: number, count: number): number[] => {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random());
};

describe('createRandom', () => {
  it('replays the same numbers from the same seed, and others from another', () => {
    expect(draw(42, 50)).toEqual(draw(42, 50));
    expect(draw(43, 50)).not.toEqual(draw(42, 50));
    // A seed is taken as its 32 bits: 2^32 + 42 is 42.
    expect(draw(2 ** 32 + 42, 5)).toEqual(draw(42, 5));
  });

  it('draws in [0, 1), spread over the whole range', () => {
    const numbers = draw(7, 10_000);
    expect(numbers.every((value) => value >= 0 && value < 1)).toBe(true);
    const tenths = new Set(numbers.map((value) => Math.floor(value * 10)));
    expect(tenths.size).toBe(10);
    const mean = numbers.reduce((sum, value) => sum + value, 0) / numbers.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});

import { describe, expect, it } from 'vitest';
import { splitWatts } from './limit-split';

describe('one total of watts over several inverters', () => {
  it('shares by rated power in whole watts that add up to the total', () => {
    const parts = splitWatts(1000, [800, 1600, 2250]);
    expect(parts.map((part) => part.watts)).toEqual([172, 344, 484]);
    expect(parts.reduce((s, part) => s + part.watts, 0)).toBe(1000);
  });

  it('caps a part at its inverter and gives the rest to the others', () => {
    const parts = splitWatts(3000, [600, 2250, 2250], [1, 1, 1]);
    expect(parts).toEqual([
      { watts: 600, capped: true },
      { watts: 1200, capped: false },
      { watts: 1200, capped: false },
    ]);
  });

  it('gives 0 W to each for a total of 0', () => {
    expect(splitWatts(0, [800, 1600]).map((part) => part.watts)).toEqual([0, 0]);
  });
});

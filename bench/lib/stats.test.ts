import { describe, expect, it } from 'vitest';
import { median, percentile, summarize } from './stats';

describe('run statistics', () => {
  it('takes the middle run, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('reads the 95th percentile by nearest rank', () => {
    const runs = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(runs, 95)).toBe(19);
    expect(percentile([7, 3], 95)).toBe(7);
    expect(summarize([2, 9, 4])).toEqual({ median: 4, p95: 9, runs: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import { isLimitType, LimitType, limitTypeOf } from './limit';

describe('limit types', () => {
  it('adds 256 for persistent and 1 for relative', () => {
    expect(limitTypeOf(false, false)).toBe(LimitType.AbsoluteNonPersistent);
    expect(limitTypeOf(true, false)).toBe(1);
    expect(limitTypeOf(false, true)).toBe(256);
    expect(limitTypeOf(true, true)).toBe(257);
  });

  it('accepts exactly the four types the device accepts', () => {
    expect([0, 1, 256, 257].every(isLimitType)).toBe(true);
    expect([2, 255, 258, '1', 1.5, null].some(isLimitType)).toBe(false);
  });
});

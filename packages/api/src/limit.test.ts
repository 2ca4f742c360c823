import { describe, expect, it } from 'vitest';
import { limitKindOf, limitTypeFor } from './limit';

describe('limit types', () => {
  it('adds 1 for relative; persistent adds 256 before v25.9.11 and 2 from then on', () => {
    const kinds = [
      { absolute: true, persistent: false },
      { absolute: false, persistent: false },
      { absolute: true, persistent: true },
      { absolute: false, persistent: true },
    ];
    expect(kinds.map((kind) => limitTypeFor('hm256', kind))).toEqual([0, 1, 256, 257]);
    expect(kinds.map((kind) => limitTypeFor('index', kind))).toEqual([0, 1, 2, 3]);
  });

  it('reads back exactly the four types each scheme accepts', () => {
    expect(limitKindOf('hm256', 257)).toEqual({ absolute: false, persistent: true });
    expect(limitKindOf('index', 2)).toEqual({ absolute: true, persistent: true });
    expect([2, 3, 255, 258, '1', 1.5, null].some((type) => limitKindOf('hm256', type))).toBe(false);
    expect([4, 256, 257, -1, '0'].some((type) => limitKindOf('index', type))).toBe(false);
  });
});

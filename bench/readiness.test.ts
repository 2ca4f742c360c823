import { describe, expect, it } from 'vitest';
import { totalPowerPattern } from './readiness';

const matches = (value: number, decimals: number, text: string): boolean =>
  new RegExp(totalPowerPattern(value, decimals)).test(text);

describe('total power as text, in any locale', () => {
  it('finds the value with its decimals, grouped or not, with a decimal point or comma', () => {
    for (const text of ['12345.6 W', 'Total 12,345.6 W', '12.345,6 W', '12\u202f345,6 W', '12345,6']) {
      expect(matches(12345.6, 1, text)).toBe(true);
    }
    expect(matches(472.9, 1, 'Power 472.9W')).toBe(true);
    expect(matches(7, 0, 'now 7 W')).toBe(true);
  });

  it('does not take a longer number or other digits for it', () => {
    for (const text of ['112345.6 W', '12345.67 W', '12345.5 W', '2345.6 W', '']) {
      expect(matches(12345.6, 1, text)).toBe(false);
    }
    expect(matches(472.9, 1, '1472.9')).toBe(false);
  });
});

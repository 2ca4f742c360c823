import { describe, expect, it } from 'vitest';
import { formatBytes, formatCelsius, formatDateTime, formatNumber, formatPercent } from '../src/lib/format';

describe('formats', () => {
  it('formats decimals per locale with the device digit count', () => {
    expect(formatNumber('en', 1234.567, 1)).toBe('1,234.6');
    expect(formatNumber('de', 1234.567, 2)).toBe('1.234,57');
    expect(formatNumber('fr', 0.5, 0)).toBe('1');
  });

  it('formats percent, bytes and temperature', () => {
    expect(formatPercent('en', 42)).toBe('42%');
    expect(formatPercent('de', 42)).toMatch(/^42\s%$/);
    expect(formatBytes('en', 2048, 'kilobyte')).toBe('2 kB');
    expect(formatCelsius('en', 41.26)).toBe('41.3°C');
  });

  it('uses a 24-hour clock in every locale', () => {
    const date = new Date(2025, 5, 7, 21, 5, 9);
    expect(formatDateTime('en', date)).toContain('21:05:09');
    expect(formatDateTime('de', date)).toBe('07.06.2025, 21:05:09');
  });

  it('falls back to English for a code Intl does not know', () => {
    expect(formatNumber('not a locale!', 1.5, 1)).toBe('1.5');
  });
});

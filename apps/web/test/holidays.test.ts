import { describe, expect, it } from 'vitest';
import { brandIconFor, easterSunday } from '../src/lib/holidays';

const iso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

describe('easterSunday', () => {
  it.each([
    [1818, '1818-03-22'], // earliest possible date
    [1943, '1943-04-25'], // latest possible date
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i is %s', (year, expected) => {
    expect(iso(easterSunday(year))).toBe(expected);
  });
});

describe('brandIconFor', () => {
  it('shows a tree from 24 to 26 December only', () => {
    expect(brandIconFor(new Date(2025, 11, 23, 23, 59))).toBe('sun');
    expect(brandIconFor(new Date(2025, 11, 24, 0, 0))).toBe('tree');
    expect(brandIconFor(new Date(2025, 11, 26, 23, 59))).toBe('tree');
    expect(brandIconFor(new Date(2025, 11, 27))).toBe('sun');
  });

  it('shows an egg from Good Friday to Easter Monday', () => {
    // Easter 2025: 20 April; 2024: 31 March (Easter Monday is 1 April).
    expect(brandIconFor(new Date(2025, 3, 17, 23, 59))).toBe('sun');
    expect(brandIconFor(new Date(2025, 3, 18))).toBe('egg');
    expect(brandIconFor(new Date(2025, 3, 21, 23, 59))).toBe('egg');
    expect(brandIconFor(new Date(2025, 3, 22))).toBe('sun');
    expect(brandIconFor(new Date(2024, 2, 29))).toBe('egg');
    expect(brandIconFor(new Date(2024, 3, 1))).toBe('egg');
    expect(brandIconFor(new Date(2024, 3, 2))).toBe('sun');
  });
});

import { describe, expect, it } from 'vitest';
import { signalQuality } from './signal';

describe('signalQuality', () => {
  it('is 0 % at and below -100 dBm', () => {
    expect(signalQuality(-100)).toBe(0);
    expect(signalQuality(-127)).toBe(0);
  });

  it('is 100 % at and above -50 dBm', () => {
    expect(signalQuality(-50)).toBe(100);
    expect(signalQuality(-30)).toBe(100);
  });

  it('rises 2 % per dB in between', () => {
    expect(signalQuality(-99)).toBe(2);
    expect(signalQuality(-80)).toBe(40);
    expect(signalQuality(-64)).toBe(72);
    expect(signalQuality(-51)).toBe(98);
  });
});

import { describe, expect, it } from 'vitest';
import { modelFromPartNumber } from './models';

describe('modelFromPartNumber', () => {
  it('finds the real part numbers of the docs by their first three bytes', () => {
    expect(modelFromPartNumber(269496322)).toEqual({ model: 'HM-400-1T', maxPower: 400 });
    expect(modelFromPartNumber(269561858)).toEqual({ model: 'HM-800-2T', maxPower: 800 });
    expect(modelFromPartNumber(269619201)).toEqual({ model: 'HM-1200-4T', maxPower: 1200 });
    expect(modelFromPartNumber(268578817)).toEqual({ model: 'MI-1500-4T Gen3', maxPower: 1500 });
    expect(modelFromPartNumber(269644033)).toEqual({ model: 'HMS-2000-4T', maxPower: 2000 });
  });

  it('prefers the exact 4-byte entry of the power-limited HM-300', () => {
    expect(modelFromPartNumber(0x10101015)).toEqual({ model: 'HM-300-1T', maxPower: 210 });
    expect(modelFromPartNumber(0x10101001)).toEqual({ model: 'HM-300-1T', maxPower: 300 });
  });

  it('knows the HMS, HMT and HERF entries', () => {
    expect(modelFromPartNumber(0x10114101)).toEqual({ model: 'HMS-800-2T-LV', maxPower: 800 });
    expect(modelFromPartNumber(0x10207101)).toEqual({ model: 'HMS-500-1T v2', maxPower: 500 });
    expect(modelFromPartNumber(0x10333101)).toEqual({ model: 'HMT-2250-6T', maxPower: 2250 });
    expect(modelFromPartNumber(0xf1012201)).toEqual({ model: 'HERF-1800', maxPower: 1800 });
  });

  it('reports unknown parts as the device does', () => {
    expect(modelFromPartNumber(0x10120001)).toEqual({ model: '', maxPower: 0 });
    expect(modelFromPartNumber(0)).toEqual({ model: '', maxPower: 0 });
  });
});

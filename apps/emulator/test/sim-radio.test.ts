// The radio statistics' RSSI as the two radios report it (inverters.md §1.3): the NRF24 of
// HM and HERF inverters only knows strong (-30) or weak (-80), the CMT2300A of HMS and
// HMT inverters reports the dBm it measured, however far that is from the usual range.
import { describe, expect, it } from 'vitest';
import { RadioLink } from '../src/sim/radio-stats';

/** A random source that returns the given values in turn. */
function sequence(...values: number[]): () => number {
  let next = 0;
  return () => values[next++ % values.length]!;
}

// The draws of one answered exchange with no lost fragment: the mounting spot (once, at
// construction), "answered", the two Box-Muller draws of the noise, "not corrupt".
const exchange = (spot: number, noiseU: number, noiseAngle: number) =>
  sequence(spot, 0.5, noiseU, noiseAngle, 0.5);

describe('RSSI', () => {
  it('CMT: a strong signal is reported in whole dBm as measured', () => {
    // The strongest spot and a +22 dB noise peak: about -36 dBm.
    const link = new RadioLink('cmt', exchange(0.999999, 0, 0));
    expect(link.exchange(true, 0)).toBe('ok');
    expect(link.stats.rssi).toBe(-36);
  });

  it('CMT: a deep fade is reported as measured, below -100 dBm', () => {
    // The weakest spot and a -22 dB dip: about -107 dBm, no floor at -100.
    const link = new RadioLink('cmt', exchange(0, 0, 0.5));
    expect(link.exchange(true, 0)).toBe('ok');
    expect(link.stats.rssi).toBe(-107);
  });

  it('NRF: only strong or weak, whatever the signal', () => {
    const strong = new RadioLink('nrf', exchange(0.999999, 0, 0));
    strong.exchange(true, 0);
    expect(strong.stats.rssi).toBe(-30);
    const weak = new RadioLink('nrf', exchange(0, 0, 0.5));
    weak.exchange(true, 0);
    expect(weak.stats.rssi).toBe(-80);
  });
});

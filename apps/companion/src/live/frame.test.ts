import { describe, expect, it } from 'vitest';
import { samplesOf } from '../recorder/sample';
import { frameAnswer, frameInverters, frameJson, frameSamples } from './frame';

const NOW = Date.parse('2026-06-21T10:00:00Z');
const w = (v: number) => ({ v, u: 'W', d: 1 });
const frame = (serial: string, power: number) =>
  JSON.stringify({
    inverters: [
      {
        serial,
        name: 'Garage',
        order: 0,
        data_age_ms: 1200,
        reachable: true,
        producing: true,
        limit_relative: 100,
        limit_absolute: 1600,
        AC: { '0': { Power: w(power) } },
        DC: { '0': { name: { u: 'East' }, Power: w(power + 10) } },
        INV: { '0': { YieldDay: { v: 1602, u: 'Wh', d: 0 }, YieldTotal: { v: 2434.5, u: 'kWh', d: 3 } } },
        events: 0,
      },
    ],
    total: { Power: w(power) },
    hints: {},
  });

describe('a live frame read once for every reader', () => {
  it('hands each reader of the same frame the same reading, as each would have read it', () => {
    const text = frame('116491234568', 400);
    const samples = frameSamples(text, NOW);
    expect(samples).toEqual(samplesOf(JSON.parse(text), NOW));
    expect(samples[0]).toMatchObject({ serial: '116491234568', ac: 400, dc: [410], t: NOW - 1200 });
    // The next reader of the same frame: nothing parsed or taken again.
    expect(frameSamples(text, NOW)).toBe(samples);
    expect(frameInverters(text)).toBe(frameInverters(text));
    expect(frameJson(text)).toBe(frameAnswer(text));
    // The same frame at another device time (another device's clock): stamped anew.
    expect(frameSamples(text, NOW + 5000)[0]!.t).toBe(NOW + 3800);
  });

  it('reads the next frame afresh, and gives nothing for text that is no frame', () => {
    const first = frameSamples(frame('116491234568', 400), NOW);
    const next = frameSamples(frame('116491234568', 420), NOW);
    expect(next).not.toBe(first);
    expect(next[0]!.ac).toBe(420);
    for (const text of ['not json', '{}', 'null']) {
      expect(frameSamples(text, NOW)).toEqual([]);
      expect(frameInverters(text)).toEqual([]);
      expect(frameAnswer(text)).toBeUndefined();
    }
    expect(frameJson('not json')).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hourPath, lineStyle, tailPath, yScale } from '../src/components/chart/chart-lines';

/** WCAG contrast of two sRGB colours given as [r, g, b] in 0..1. */
function contrast(a: number[], b: number[]): number {
  const lum = (rgb: number[]) => {
    const [r, g, b2] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [high, low] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** hsl() as CSS computes it, to [r, g, b] in 0..1. */
function hsl(h: number, s: number, l: number): number[] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

describe('the power chart', () => {
  it('rounds the y axis to 3 to 5 steps of 1, 2, 2.5 or 5', () => {
    expect(yScale(3141)).toEqual({ top: 4000, step: 1000 });
    expect(yScale(374)).toEqual({ top: 400, step: 100 });
    expect(yScale(0)).toEqual({ top: 100, step: 25 });
    expect(yScale(22_000)).toEqual({ top: 30_000, step: 10_000 });
  });

  it('draws gaps as gaps and continues a path without walking the day again', () => {
    const series = [null, 10, 20, null, 30, 40];
    const whole = hourPath([...series], 0, 5, 100);
    expect(whole).toBe('M1 90.0L2 80.0M4 70.0');
    // The same series grown minute by minute gives the same path.
    const growing: (number | null)[] = [];
    let path = '';
    for (let last = 0; last < series.length; last += 1) {
      growing[last] = series[last]!;
      path = hourPath(growing, 0, last, 100);
    }
    expect(path).toBe(whole);
    expect(tailPath(series, 5, 100)).toBe('M4 70.0L5 60.0');
    expect(tailPath([null, 5], 1, 100)).toBe('M1 95.0h0');
  });

  it('keeps one path per hour, joined across the hour, and an hour that is over as it was', () => {
    const series: (number | null)[] = Array.from({ length: 62 }, () => null);
    series[58] = 10;
    series[59] = 20;
    series[60] = 30;
    series[61] = 40;
    const first = hourPath(series, 0, 61, 100);
    expect(first).toBe('M58 90.0L59 80.0');
    expect(hourPath(series, 1, 61, 100)).toBe('M59 80.0L60 70.0');
    series[62] = 50;
    expect(hourPath(series, 1, 62, 100)).toBe('M59 80.0L60 70.0L61 60.0');
    expect(hourPath(series, 0, 62, 100)).toBe(first);
    // A new scale draws the hour again.
    expect(hourPath(series, 0, 62, 200)).toBe('M58 95.0L59 90.0');
  });

  it('gives ten inverter lines at least 3:1 against the card in both themes', () => {
    // The lightness per theme as the stylesheet sets it, the hue and saturation as the lines do.
    const scss = readFileSync(join(import.meta.dirname, '../src/styles/main.scss'), 'utf8');
    const [light, dark] = [...scss.matchAll(/--line-l: (\d+)%/g)].map((match) => Number(match[1]) / 100);
    const card = { light: [1, 1, 1], dark: [0x21 / 255, 0x25 / 255, 0x29 / 255] };
    for (let i = 0; i < 10; i += 1) {
      const [, hue, saturation] = /^hsl\((\d+) (\d+)% var\(--line-l\)\)$/
        .exec(lineStyle(i).stroke)!
        .map(Number);
      expect(contrast(hsl(hue!, saturation! / 100, light!), card.light)).toBeGreaterThanOrEqual(3);
      expect(contrast(hsl(hue!, saturation! / 100, dark!), card.dark)).toBeGreaterThanOrEqual(3);
    }
    // Ten different hues, and dashes besides the colour.
    expect(new Set(Array.from({ length: 10 }, (_, i) => lineStyle(i).stroke)).size).toBe(10);
    expect(new Set(Array.from({ length: 10 }, (_, i) => lineStyle(i).strokeDasharray)).size).toBe(10);
  });
});

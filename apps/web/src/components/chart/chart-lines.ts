// How the power chart draws: the y scale, the paths, and ten inverter lines told apart
// by colour and dash. Paths are built incrementally: the minutes before the newest one
// never change, so each frame only draws the newest minute (see day-curve), and a whole
// day is walked again only when the scale grows or the series were replaced.
import type { Series } from '../../lib/day-curve';

/** Plot height in SVG units; the width is one unit per minute of the day. */
export const PLOT_H = 100;

/** Dash patterns of the inverter lines, so lines stay apart for colour-blind eyes too. */
const DASHES = '|8 4|2 3|10 3 2 3|5 5|1 4|12 4|6 2 2 2|3 7|14 3 3 3'.split('|');

/**
 * Inverter line i: a hue of its own and a dash pattern. The lightness follows the theme
 * (--line-l, see main.scss), chosen so every hue keeps at least 3:1 against the card in
 * both themes (tested).
 */
export const lineStyle = (i: number) => ({
  stroke: `hsl(${(i % 10) * 36} 80% var(--line-l))`,
  strokeDasharray: DASHES[i % 10] || undefined,
});

/** A round top for the y axis with 3 to 5 steps: 3,141 W gives 0 to 4,000 by 1,000. */
export function yScale(max: number): { top: number; step: number } {
  const high = Math.max(max, 100);
  const raw = high / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= raw)!;
  return { top: step * Math.ceil(high / step), step };
}

const y = (w: number, top: number) => (PLOT_H - (w / top) * PLOT_H).toFixed(1);

interface PathCache {
  top: number;
  upTo: number;
  d: string;
}

/** Per series (a new day or a seeded curve brings new arrays, and a fresh cache). */
const caches = new WeakMap<Series, PathCache>();

/** The path of a series' complete minutes (before `last`), continued from where it was left. */
export function settledPath(series: Series, last: number, top: number): string {
  let cache = caches.get(series);
  if (!cache || cache.top !== top || cache.upTo > last) caches.set(series, (cache = { top, upTo: 0, d: '' }));
  let d = cache.d;
  for (let slot = cache.upTo; slot < last; slot += 1) {
    const w = series[slot];
    if (w === null || w === undefined) continue;
    // A minute without a value breaks the line: a gap is not drawn as a slope.
    d += `${series[slot - 1] == null ? 'M' : 'L'}${slot} ${y(w, top)}`;
  }
  cache.upTo = last;
  cache.d = d;
  return d;
}

/** The newest minute, joined to the minute before when that one has a value. */
export function tailPath(series: Series, last: number, top: number): string {
  const w = series[last];
  if (w === null || w === undefined) return '';
  const before = series[last - 1];
  // A lone minute is a dot (a zero-length line with round caps).
  return before == null ? `M${last} ${y(w, top)}h0` : `M${last - 1} ${y(before, top)}L${last} ${y(w, top)}`;
}

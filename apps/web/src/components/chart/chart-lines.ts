// How the power chart draws: the y scale, the paths, and ten inverter lines told apart
// by colour and dash. Paths are built incrementally: the minutes before the newest one
// never change, so each frame only draws the newest minute (see day-curve). The settled
// minutes are one path per hour, so a new minute changes the path of its hour, not one of
// the whole day (which the browser would read again, 1,400 points a line, every minute);
// a day is walked again only when the scale grows or the series were replaced.
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

/** Minutes per settled path. */
export const HOUR = 60;

/** Per series and hour (a new day or a seeded curve brings new arrays, and fresh caches). */
const caches = new WeakMap<Series, PathCache[]>();

/**
 * The path of one hour's settled minutes (those before `last`), joined to the minute before
 * the hour, continued from where it was left.
 */
export function hourPath(series: Series, hour: number, last: number, top: number): string {
  const from = hour * HOUR;
  const to = Math.min(last, from + HOUR);
  let hours = caches.get(series);
  if (!hours) caches.set(series, (hours = []));
  let cache = hours[hour];
  if (!cache || cache.top !== top || cache.upTo > to) hours[hour] = cache = { top, upTo: from, d: '' };
  let d = cache.d;
  for (let slot = cache.upTo; slot < to; slot += 1) {
    const w = series[slot];
    if (w === null || w === undefined) continue;
    const before = series[slot - 1];
    // A minute without a value breaks the line: a gap is not drawn as a slope.
    if (before == null) d += `M${slot} ${y(w, top)}`;
    else d += `${slot === from ? `M${slot - 1} ${y(before, top)}` : ''}L${slot} ${y(w, top)}`;
  }
  cache.upTo = Math.max(to, from);
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

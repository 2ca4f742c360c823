// A day from the companion server's recorder (GET /companion/api/power) as the power chart
// draws it: one slot per minute of the device's day (lib/day-curve.ts), and the day's peaks
// (lib/peaks.ts). Only the companion build uses it.
import type { PowerAnswer } from '@opendtu/api';
import { makeCurve, SLOT_MS, SLOTS, type DayCurve, type Series } from './day-curve';
import type { InverterPeaks, Peak, Peaks } from './peaks';

export type { PowerAnswer };

export interface RecordedDay {
  curve: DayCurve;
  peaks: Omit<Peaks, 'since'>;
  /** The minute slots of the day's first and last recorded row (values or not); none without rows. */
  span?: { first: number; last: number };
}

const higher = (peak: Peak | undefined, w: number | null | undefined, t: number): Peak | undefined =>
  w != null && (!peak || w > peak.w) ? { w, t } : peak;

/**
 * Minute slots count from the end of the day back: on a day the clocks change (23 or 25
 * hours) the change happens at night, so every minute with sunlight lands on its wall-clock
 * minute; the night hours before the change may shift, and a slot outside the day is dropped.
 */
export function recordedDay(answer: PowerAnswer): RecordedDay {
  const midnight = answer.to - SLOTS * SLOT_MS;
  const slotOf = (t: number) => Math.floor((t - midnight) / SLOT_MS);
  const inverters: Record<string, Series> = {};
  const peaks: Record<string, InverterPeaks> = {};
  let span: RecordedDay['span'];
  for (const { serial, points } of answer.inverters) {
    const series: Series = Array<null>(SLOTS).fill(null);
    let own: InverterPeaks = { dc: {} };
    points.forEach(([t, ac, ...dc], i) => {
      const at = Math.min(Math.max(slotOf(t), 0), SLOTS - 1);
      span = { first: Math.min(span?.first ?? at, at), last: Math.max(span?.last ?? at, at) };
      if (ac == null) return;
      // The recorder skips frames that changed nothing: a value holds until the next row
      // (a row of nulls ends it: a gap or an unreachable inverter).
      const next = points[i + 1]?.[0];
      const end = Math.min(next == null ? slotOf(t) : Math.max(slotOf(t), slotOf(next) - 1), SLOTS - 1);
      for (let slot = Math.max(slotOf(t), 0); slot <= end; slot += 1) series[slot] = ac;
      own = { ac: higher(own.ac, ac, t), dc: { ...own.dc } };
      dc.forEach((w, channel) => {
        const peak = higher(own.dc[channel], w, t);
        if (peak) own.dc[channel] = peak;
      });
    });
    inverters[serial] = series;
    peaks[serial] = own;
  }
  // The total of a minute: every inverter that reported it (as the device sums the reachable).
  const total: Series = Array.from({ length: SLOTS }, (_, slot) => {
    let sum: number | null = null;
    for (const serial in inverters) {
      const w = inverters[serial]![slot];
      if (w != null) sum = (sum ?? 0) + w;
    }
    return sum;
  });
  const curve = makeCurve(answer.date, total, inverters, true);
  const peak = curve.peak && { w: curve.peak.w, t: midnight + curve.peak.slot * SLOT_MS };
  return { curve, peaks: { day: answer.date, total: peak, inverters: peaks }, span };
}

/** The recorded day, continued by what this browser saw after the recorder's last minute. */
export function mergeCurves(recorded: DayCurve, own: DayCurve | undefined): DayCurve {
  if (own?.day !== recorded.day || own.last <= recorded.last) return recorded;
  const total = [...recorded.total];
  const inverters: Record<string, Series> = {};
  for (const serial of new Set([...Object.keys(recorded.inverters), ...Object.keys(own.inverters)])) {
    inverters[serial] = [...(recorded.inverters[serial] ?? [])];
  }
  for (let slot = recorded.last + 1; slot <= own.last; slot += 1) {
    total[slot] = own.total[slot] ?? null;
    for (const serial in inverters) inverters[serial]![slot] = own.inverters[serial]?.[slot] ?? null;
  }
  return makeCurve(recorded.day, total, inverters, true);
}

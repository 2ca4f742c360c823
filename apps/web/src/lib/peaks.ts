// The day's peak power per inverter (AC), per string (DC) and for the sum, with when it
// occurred. A bare device keeps no history, so the peaks are those seen since this page
// started receiving data (`since`); a history server can seed the whole day (`since`
// undefined), after which frames only raise them. Updated per frame for the inverters
// the frame changed; an unchanged inverter keeps its peaks object, so rows memoised on
// it skip rendering.
import { isLiveInverterFull, type LiveTotal } from '@opendtu/api';
import { dataTakenAt, type LiveInverter } from './live-merge';

export interface Peak {
  /** W. */
  w: number;
  /** ms since epoch. */
  t: number;
}

export interface InverterPeaks {
  ac?: Peak | undefined;
  /** By DC channel key. */
  dc: Record<string, Peak>;
}

export interface Peaks {
  /** The day on the device's clock (the browser's before it is known), "YYYY-MM-DD". */
  day: string;
  /** When this page started tracking; undefined once seeded with the whole day. */
  since: number | undefined;
  total?: Peak | undefined;
  inverters: Record<string, InverterPeaks>;
}

const NONE: Record<string, Peak> = {};

const higher = (peak: Peak | undefined, w: number | undefined, t: number): Peak | undefined =>
  w !== undefined && (!peak || w > peak.w) ? { w, t } : undefined;

function trackInverter(peaks: InverterPeaks | undefined, inverter: LiveInverter): InverterPeaks | undefined {
  if (!isLiveInverterFull(inverter)) return undefined;
  const t = dataTakenAt(inverter).getTime();
  const ac = higher(peaks?.ac, inverter.AC['0']?.Power?.v, t);
  const before = peaks?.dc ?? NONE;
  let dc = before;
  for (const [channel, values] of Object.entries(inverter.DC)) {
    const raised = higher(dc[channel], values.Power?.v, t);
    if (raised) dc = { ...dc, [channel]: raised };
  }
  return ac || dc !== before ? { ac: ac ?? peaks?.ac, dc } : undefined;
}

/**
 * The peaks after a merge: only inverters whose object the merge replaced are looked at.
 * `day` is today on the device's clock (the caller knows it; peaks of another day start over,
 * from every inverter shown).
 */
export function trackPeaks(
  peaks: Peaks | undefined,
  before: readonly LiveInverter[],
  after: readonly LiveInverter[],
  total: LiveTotal | undefined,
  now: number,
  day: string,
): Peaks {
  const sameDay = peaks?.day === day;
  // Starting over (a new day, or the device's clock known and its day another than the
  // browser's): every inverter shown counts, not only those this merge changed.
  const unchanged = new Set(sameDay ? before : []);
  let next: Peaks = sameDay ? peaks : { day, since: now, inverters: {} };
  const raisedTotal = higher(next.total, total?.Power.v, now);
  if (raisedTotal) next = { ...next, total: raisedTotal };
  for (const inverter of after) {
    if (unchanged.has(inverter)) continue;
    const raised = trackInverter(next.inverters[inverter.serial], inverter);
    if (raised) next = { ...next, inverters: { ...next.inverters, [inverter.serial]: raised } };
  }
  return next;
}

/** Seeds the whole day's peaks (from a history server); the higher of both wins. */
export function seedPeaks(peaks: Peaks | undefined, seed: Omit<Peaks, 'since'>): Peaks {
  const max = (a: Peak | undefined, b: Peak | undefined) => (!a || (b && b.w > a.w) ? b : a);
  const mine = peaks?.day === seed.day ? peaks : undefined;
  const inverters = { ...mine?.inverters };
  for (const [serial, theirs] of Object.entries(seed.inverters)) {
    const own = inverters[serial];
    const dc = { ...own?.dc };
    for (const [channel, peak] of Object.entries(theirs.dc)) dc[channel] = max(dc[channel], peak)!;
    inverters[serial] = { ac: max(own?.ac, theirs.ac), dc };
  }
  return { day: seed.day, since: undefined, total: max(mine?.total, seed.total), inverters };
}

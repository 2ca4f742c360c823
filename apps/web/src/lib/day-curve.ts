// The day's power curve on the device's clock: total AC power and each inverter's, one
// slot per minute of the device's day (1,440 at most, so a whole day stays small without
// thinning). A slot without a sample is null and the line breaks there: a gap stays a gap.
// The browser fills the slots from live frames from the moment it first saw the day;
// a companion server can put in the whole day instead (`whole`), gaps included.

export const SLOT_MS = 60_000;
export const SLOTS = 1440;

/** Watts per minute slot of the day; null where nothing is known. */
export type Series = (number | null)[];

export interface DayCurve {
  /** The device's local day, "YYYY-MM-DD". */
  day: string;
  /** True when the series cover the whole day (seeded); false: only since their first slot. */
  whole: boolean;
  total: Series;
  /** Per inverter serial. */
  inverters: Record<string, Series>;
  /** The slot of the first sample: where a curve that is not whole begins. */
  first: number;
  /** The slot of the newest sample: slots before it are complete and never change. */
  last: number;
  /** The highest total so far and its slot. */
  peak: { w: number; slot: number } | undefined;
}

/** The device's day of a wall-clock time (ms read as UTC). */
export const dayOf = (wall: number): string => new Date(wall).toISOString().slice(0, 10);

/** Minutes since the device's midnight. */
export const slotOf = (wall: number): number => Math.floor((wall % 86_400_000) / SLOT_MS);

/** A curve put together elsewhere (stored, or seeded by a companion server). */
export function makeCurve(
  day: string,
  total: Series,
  inverters: Record<string, Series>,
  whole = false,
): DayCurve {
  let first = -1;
  let last = 0;
  let peak: DayCurve['peak'];
  total.forEach((w, slot) => {
    if (w === null) return;
    if (first < 0) first = slot;
    last = slot;
    if (!peak || w > peak.w) peak = { w, slot };
  });
  return { day, whole, total, inverters, first: Math.max(first, 0), last, peak };
}

function put(series: Series, slot: number, w: number): void {
  while (series.length < slot) series.push(null);
  series[slot] = w;
}

/**
 * Records one moment: the newest value of its minute wins. The series are extended in
 * place (a day is up to 1,440 slots; copying them every frame would cost more than
 * drawing), and the curve object is new, so React sees the change.
 */
export function addSample(
  curve: DayCurve | undefined,
  wall: number,
  total: number,
  inverters: Record<string, number>,
): DayCurve {
  const day = dayOf(wall);
  const slot = slotOf(wall);
  const next: DayCurve =
    curve && curve.day === day
      ? { ...curve }
      : { day, whole: false, total: [], inverters: {}, first: slot, last: slot, peak: undefined };
  if (slot < next.last) return next;
  put(next.total, slot, total);
  for (const serial in inverters) put((next.inverters[serial] ??= []), slot, inverters[serial]!);
  next.last = slot;
  if (!next.peak || total > next.peak.w) next.peak = { w: total, slot };
  return next;
}

/** A stored curve, if it is of `day` (an unreadable one is dropped). */
export function restoreCurve(text: string | null, day: string): DayCurve | undefined {
  try {
    const value = JSON.parse(text ?? '') as DayCurve;
    if (value.day === day && Array.isArray(value.total) && typeof value.inverters === 'object')
      return makeCurve(day, value.total, value.inverters, value.whole);
  } catch {
    // Not JSON: nothing to go on with.
  }
  return undefined;
}

/** What is worth storing (the rest is derived again). */
export const storedCurve = ({ day, whole, total, inverters }: DayCurve): string =>
  JSON.stringify({ day, whole, total, inverters });

/** The curve as CSV: the device's local time, total, then one column per inverter serial. */
export function curveCsv(curve: DayCurve, serials: readonly string[]): string {
  const rows = [['time', 'total_w', ...serials.map((serial) => `${serial}_w`)].join(',')];
  curve.total.forEach((w, slot) => {
    if (w === null) return;
    const time = new Date(Date.parse(curve.day) + slot * SLOT_MS).toISOString().slice(0, 16);
    rows.push([time, w, ...serials.map((serial) => curve.inverters[serial]?.[slot] ?? '')].join(','));
  });
  return rows.join('\n') + '\n';
}

// The day's power curve kept in the browser (total AC power and each inverter's), bounded
// in size: points at least MIN_SPACING_MS apart, and past MAX_POINTS the older half is
// thinned to every other point, so a whole day fits at a falling resolution.

export interface PowerPoint {
  /** ms since epoch. */
  t: number;
  /** Total AC power, W. */
  total: number;
  /** AC power per inverter serial, W. */
  inverters: Record<string, number>;
}

export interface PowerHistory {
  /** Local calendar day the points belong to, "YYYY-MM-DD". */
  day: string;
  points: PowerPoint[];
}

export const MIN_SPACING_MS = 10_000;
export const MAX_POINTS = 1500;

export function localDay(t: number): string {
  const date = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Adds a point, starting a new day when the date changed; keeps the size bounded. */
export function addPowerPoint(history: PowerHistory | undefined, point: PowerPoint): PowerHistory {
  const day = localDay(point.t);
  const points = history && history.day === day ? history.points : [];
  const last = points[points.length - 1];
  if (last && point.t < last.t) return history ?? { day, points };
  let next =
    last && point.t - last.t < MIN_SPACING_MS
      ? [...points.slice(0, -1), { ...point, t: last.t }]
      : [...points, point];
  if (next.length > MAX_POINTS) {
    const half = Math.floor(next.length / 2);
    next = [...next.slice(0, half).filter((_, i) => i % 2 === 0), ...next.slice(half)];
  }
  return { day, points: next };
}

/** A stored history, if it is today's and well formed. */
export function restoreHistory(text: string | null, now: number): PowerHistory | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as PowerHistory;
    if (value.day !== localDay(now) || !Array.isArray(value.points)) return undefined;
    const points = value.points.filter(
      (p) => typeof p?.t === 'number' && typeof p.total === 'number' && typeof p.inverters === 'object',
    );
    return { day: value.day, points: points.slice(-MAX_POINTS) };
  } catch {
    return undefined;
  }
}

/** The highest total of the day and when. */
export function peakOf(points: readonly PowerPoint[]): PowerPoint | undefined {
  let peak: PowerPoint | undefined;
  for (const point of points) if (!peak || point.total > peak.total) peak = point;
  return peak;
}

/** The points as CSV: time, total, then one column per inverter serial. */
export function historyCsv(points: readonly PowerPoint[], serials: readonly string[]): string {
  const header = ['time', 'total_w', ...serials.map((serial) => `${serial}_w`)].join(',');
  const rows = points.map((p) =>
    [new Date(p.t).toISOString(), p.total, ...serials.map((s) => p.inverters[s] ?? '')].join(','),
  );
  return [header, ...rows].join('\n') + '\n';
}

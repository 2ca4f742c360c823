// A full day of power history for the live view's chart, as our app keeps it in
// localStorage (`livePowerHistory`, apps/web/src/lib/power-history.ts): without it a
// fresh page draws a few points and the chart's cost per frame with a day behind it,
// the owner's normal case by afternoon, is never measured. Other bundles ignore the key.

/** The most points the app keeps for a day (power-history.ts MAX_POINTS). */
const POINTS = 1500;

function localDay(t: number): string {
  const date = new Date(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The stored value: `POINTS` points from local midnight until `now`, a sunny day's bell. */
export function dayOfHistory(serials: readonly string[], now = Date.now()): string {
  const midnight = new Date(now).setHours(0, 0, 0, 0);
  const step = Math.max(1000, (now - midnight) / POINTS);
  const points = [];
  for (let i = 0; i < POINTS; i += 1) {
    const t = Math.round(midnight + i * step);
    if (t > now) break;
    const hour = (t - midnight) / 3_600_000;
    const sun = Math.max(0, Math.sin(((hour - 6) / 14) * Math.PI));
    const inverters = Object.fromEntries(
      serials.map((serial, n) => [serial, Math.round(sun * (2000 - n * 50))]),
    );
    const total = Object.values(inverters).reduce((sum, w) => sum + w, 0);
    points.push({ t, total, inverters });
  }
  return JSON.stringify({ day: localDay(now), points });
}

/** Page script that stores the history before the app starts. */
export const seedHistoryScript = (history: string): string =>
  `try { localStorage.setItem('livePowerHistory', ${JSON.stringify(history)}); } catch (error) {}`;

// A day of power curve for the live view's chart, as our app keeps it in localStorage
// (`livePowerCurve`, apps/web/src/lib/day-curve.ts: one slot per minute of the device's
// day, null where nothing is known): without it a fresh page draws a few minutes and the
// chart's cost per frame with a day behind it, the owner's normal case by afternoon, is
// never measured. Other bundles ignore the key.

/** The device's local clock now, as GET /api/ntp/time answers it. */
export interface DeviceClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The stored value: every minute from the device's midnight until now, a sunny day's bell. */
export function dayOfHistory(serials: readonly string[], clock: DeviceClock): string {
  const now = clock.hour * 60 + clock.minute;
  const inverters: Record<string, (number | null)[]> = Object.fromEntries(
    serials.map((serial) => [serial, []]),
  );
  const total: (number | null)[] = [];
  for (let slot = 0; slot < 1440; slot += 1) {
    const sun = Math.max(0, Math.sin(((slot / 60 - 6) / 14) * Math.PI));
    let sum = 0;
    serials.forEach((serial, n) => {
      const w = slot <= now ? Math.round(sun * (2000 - n * 50)) : null;
      inverters[serial]!.push(w);
      sum += w ?? 0;
    });
    total.push(slot <= now ? sum : null);
  }
  const day = `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
  return JSON.stringify({ day, whole: false, total, inverters });
}

/** Page script that stores the curve before the app starts. */
export const seedHistoryScript = (curve: string): string =>
  `try { localStorage.setItem('livePowerCurve', ${JSON.stringify(curve)}); } catch (error) {}`;

/**
 * Energy per inverter and local day from the device's yield counters, which are not clean
 * (device-behind-proxy.md, "Live frames"): YieldDay resets at midnight or when the
 * inverter starts in the morning, and until then still shows yesterday's yield; both
 * counters read 0 while an inverter is offline or the DTU restarts; a counter may dip.
 *
 * The day's energy is its last valid YieldDay, kept as the day's largest (a dip is
 * ignored), counted only once the day's reset has been seen:
 * - a reading with both counters 0 is not valid (an offline inverter, a restarted DTU);
 *   an unreachable inverter's last values are, filed under the day they were read;
 * - the reset counts as seen when YieldDay fell below the last value of the day before,
 *   or YieldTotal grew past its last value of the day before (energy was made since) and
 *   the inverter was not being watched meanwhile (a gap in which the reset could have
 *   passed unseen: the server stopped, the night), or the day before ended at 0; until then
 *   YieldDay is yesterday's and today's energy is 0. While it is watched, a day that
 *   begins with its counters still growing is a clock that jumped forward, not a new day.
 * Cross-check: when YieldDay fell during the day (the inverter restarted and its YieldDay
 * began again), YieldTotal's growth since the day before's last reading is the answer
 * where it says clearly more.
 */

/** What is kept per inverter and day (one row of the store). */
export interface DayEnergy {
  day: string;
  /** The day's largest valid YieldDay after its reset (Wh). */
  yieldDayMax: number;
  resetSeen: boolean;
  /** YieldDay fell after the day's reset: the inverter restarted during the day. */
  restartSeen: boolean;
  /** The day of the last valid readings before this day, and those readings. */
  previousDay: string | null;
  previousYieldDay: number | null;
  previousYieldTotal: number | null;
  /** Last valid readings of this day. */
  lastYieldDay: number | null;
  lastYieldTotal: number | null;
}

/** Differences below this are the counters' rounding (YieldTotal is printed to 1 Wh at best). */
const TOLERANCE_WH = 1;
/** YieldTotal is a 32-bit float in kWh: at large totals its steps grow; allow 1 % besides. */
const CROSS_CHECK_SHARE = 0.01;

/** The calendar day before a YYYY-MM-DD day. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export function startDay(day: string, before: DayEnergy | undefined): DayEnergy {
  const carried = before && before.lastYieldTotal === null ? before.previousDay : (before?.day ?? null);
  return {
    day,
    yieldDayMax: 0,
    resetSeen: false,
    restartSeen: false,
    previousDay: carried,
    previousYieldDay: before ? (before.lastYieldDay ?? before.previousYieldDay) : null,
    previousYieldTotal: before ? (before.lastYieldTotal ?? before.previousYieldTotal) : null,
    lastYieldDay: null,
    lastYieldTotal: null,
  };
}

/** Takes one reading into the day's state (in place); answers whether it was valid. */
export function addReading(
  state: DayEnergy,
  reading: { yieldDay: number | null; yieldTotal: number | null },
  /** The inverter's last valid reading was moments ago: a reset cannot have passed unseen. */
  watched = false,
): boolean {
  const { yieldDay, yieldTotal } = reading;
  if (yieldDay === null || yieldTotal === null || (yieldDay <= 0 && yieldTotal <= 0)) {
    return false;
  }
  if (!state.resetSeen) {
    const { previousYieldDay, previousYieldTotal } = state;
    state.resetSeen =
      (previousYieldDay === null && previousYieldTotal === null) ||
      (previousYieldDay !== null && yieldDay < previousYieldDay - TOLERANCE_WH) ||
      (previousYieldDay !== null && previousYieldDay <= TOLERANCE_WH) ||
      (!watched && previousYieldTotal !== null && (yieldTotal - previousYieldTotal) * 1000 >= TOLERANCE_WH);
  }
  if (state.resetSeen) {
    if (
      state.lastYieldDay !== null &&
      yieldDay < state.lastYieldDay - TOLERANCE_WH &&
      state.yieldDayMax > 0
    ) {
      state.restartSeen = true;
    }
    state.yieldDayMax = Math.max(state.yieldDayMax, yieldDay);
  }
  state.lastYieldDay = yieldDay;
  state.lastYieldTotal = Math.max(yieldTotal, state.lastYieldTotal ?? 0);
  return true;
}

/** The day's energy in Wh. */
export function energyOf(state: DayEnergy): number {
  const { previousYieldTotal, lastYieldTotal } = state;
  if (!state.restartSeen || state.previousDay !== dayBefore(state.day)) return state.yieldDayMax;
  if (previousYieldTotal === null || lastYieldTotal === null) return state.yieldDayMax;
  const fromTotal = (lastYieldTotal - previousYieldTotal) * 1000;
  const margin = Math.max(TOLERANCE_WH * 10, fromTotal * CROSS_CHECK_SHARE);
  return fromTotal > state.yieldDayMax + margin ? fromTotal : state.yieldDayMax;
}

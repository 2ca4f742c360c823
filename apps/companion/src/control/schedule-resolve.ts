/**
 * Which schedule windows hold at an instant, and which restarts fall between two, pure.
 *
 * Windows follow the device's wall clock in its time zone: a window 08:00-12:00 holds while
 * the device's clock shows 08:00 to 11:59, on the weekdays it names (a window ending past
 * midnight belongs to the day it starts). On the day the clocks go forward the skipped
 * hour is simply missing from a window; on the day they go back the repeated hour is in it
 * twice.
 *
 * Overlaps, one rule: of the windows that hold, the one that started last wins; on a tie,
 * the one written later in the file. It is applied to the controller (among control
 * windows) and to each inverter (among the limit windows that name it). While the
 * controller runs, the inverters it controls follow it, not a limit window; a limit window
 * applies to them while the controller is off (by a window, or paused by the owner).
 */
import { epochOfLocal, localTimeAt, type LocalDateTime, type PosixTz } from '@opendtu/server-kit/posix-tz';
import type { InverterChoice, Schedule, ScheduleWindow, ScheduledRestart } from './schedule-file';

const DAY_S = 86_400;

/** Seconds since the window started on the wall clock, or undefined when it does not hold. */
export function elapsedIn(window: ScheduleWindow, local: LocalDateTime): number | undefined {
  const second = local.hour * 3600 + local.minute * 60 + local.second;
  const today = window.days.includes(local.weekday);
  if (window.from < window.to)
    return today && second >= window.from && second < window.to ? second - window.from : undefined;
  if (today && second >= window.from) return second - window.from;
  const yesterday = window.days.includes((local.weekday + 6) % 7);
  return yesterday && second < window.to ? second + DAY_S - window.from : undefined;
}

/** The window that started last of those given that hold (a tie: the later in the file). */
export function winner(windows: readonly ScheduleWindow[], local: LocalDateTime): ScheduleWindow | undefined {
  let best: { window: ScheduleWindow; elapsed: number } | undefined;
  for (const window of windows) {
    const elapsed = elapsedIn(window, local);
    if (elapsed === undefined) continue;
    if (!best || elapsed < best.elapsed || (elapsed === best.elapsed && window.index > best.window.index))
      best = { window, elapsed };
  }
  return best?.window;
}

export const chooses = (choice: InverterChoice, serial: string): boolean =>
  choice === 'all' || choice.includes(serial.toLowerCase());

export interface ScheduledLimit {
  serial: string;
  value: number;
  unit: 'W' | '%';
  window: number;
}

export interface Resolution {
  /** The control window that wins; undefined: the controller as configured. */
  control: { window: number; on: boolean; targetW: number | undefined } | undefined;
  /** The winning limit window of each inverter one names. */
  limits: ScheduledLimit[];
  /** Every window that holds now (indexes). */
  holding: number[];
}

/** What the schedule asks for at a local time, for the device's inverters (their serials). */
export function resolve(schedule: Schedule, local: LocalDateTime, serials: readonly string[]): Resolution {
  const controlWindows = schedule.windows.filter((window) => window.action.kind === 'control');
  const control = winner(controlWindows, local);
  const limits: ScheduledLimit[] = [];
  for (const serial of serials) {
    const named = schedule.windows.filter(
      (window) => window.action.kind === 'limit' && chooses(window.action.inverters, serial),
    );
    const won = winner(named, local);
    if (won?.action.kind === 'limit')
      limits.push({ serial, value: won.action.value, unit: won.action.unit, window: won.index });
  }
  return {
    control:
      control?.action.kind === 'control'
        ? { window: control.index, on: control.action.on, targetW: control.action.targetW }
        : undefined,
    limits,
    holding: schedule.windows.filter((w) => elapsedIn(w, local) !== undefined).map((w) => w.index),
  };
}

/**
 * The restarts due in (after, until]: each at its local time on its weekdays. A time the
 * clocks skip falls an hour later (as the device's own mktime reads it); one they repeat
 * counts once. Only the last two days are looked at: a restart missed for longer (the
 * server was down) is not made up.
 */
export function restartsDue(
  schedule: Schedule,
  tz: PosixTz,
  after: number,
  until: number,
): { restart: ScheduledRestart; at: number }[] {
  const due: { restart: ScheduledRestart; at: number }[] = [];
  const end = localTimeAt(tz, until);
  for (const restart of schedule.restarts)
    for (let back = 2; back >= 0; back -= 1) {
      const day = new Date(Date.UTC(end.year, end.month - 1, end.day - back));
      if (!restart.days.includes(day.getUTCDay())) continue;
      const at = epochOfLocal(tz, {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
        hour: Math.floor(restart.at / 3600),
        minute: Math.floor(restart.at / 60) % 60,
        second: 0,
      });
      if (at > after && at <= until) due.push({ restart, at });
    }
  return due.sort((a, b) => a.at - b.at);
}

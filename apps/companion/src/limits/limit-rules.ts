/**
 * The rules every sender of limits follows, pure: when a command counts as acknowledged,
 * when an inverter has lost a confirmed limit, and what giving the limit from before back
 * does next. The limit channel (limit-channel.ts) applies them; the zero-export step uses
 * the same functions on its own memory. Times are device ms (see limit-channel.ts).
 */
import type { ControlCommandStatus, SetStatus } from '@opendtu/api';

/** A limit as the device takes it: W (limit_type 0) or % of the rating (limit_type 1). */
export interface Limit {
  value: number;
  unit: 'W' | '%';
}

/** An unconfirmed command stops blocking its inverter after this. */
export const ACK_TIMEOUT_MS = 30_000;
/** The shortest time between two commands to one inverter. */
export const MIN_INTERVAL_MS = 5000;
/** The longest a give-back waits for the limits from before to be confirmed. */
export const GIVE_BACK_DEADLINE_MS = ACK_TIMEOUT_MS + 30_000;

export const sameLimit = (a: Limit | undefined, b: Limit | undefined): boolean =>
  a !== undefined && b !== undefined && a.value === b.value && a.unit === b.unit;

/** A limit in W on an inverter of `maxPower` W (a % limit above 100 counts as 100). */
export const wattsOf = (limit: Limit, maxPower: number): number =>
  limit.unit === 'W' ? limit.value : (Math.min(limit.value, 100) * maxPower) / 100;

/**
 * The status of a command after the device's `limit_set_status` for its inverter: Ok or
 * Failure settle it; without either it is pending until the timeout.
 */
export function acknowledgement(
  status: ControlCommandStatus,
  sentAt: number,
  setStatus: SetStatus | undefined,
  now: number,
  ackTimeoutMs = ACK_TIMEOUT_MS,
): ControlCommandStatus {
  if (status !== 'pending') return status;
  if (setStatus === 'Ok') return 'ok';
  if (setStatus === 'Failure') return 'failure';
  return now - sentAt >= ackTimeoutMs ? 'timeout' : 'pending';
}

/**
 * Whether an inverter reporting `reportedW` no longer holds the `confirmedW` it acknowledged
 * (a restart forgets a non-persistent limit, or someone else set one): beyond the larger of
 * 2 W and 1 % of its rating, more than the device's rounding of W to % and back.
 */
export const limitLost = (reportedW: number, confirmedW: number, maxPower: number): boolean =>
  Math.abs(reportedW - confirmedW) > Math.max(2, maxPower * 0.01);

/** The last command to an inverter, as the give-back judges it. */
export interface LastCommand {
  limit: Limit;
  sentAt: number;
  status: ControlCommandStatus;
}

export interface GiveBackTiming {
  ackTimeoutMs: number;
  deadlineMs: number;
  intervalMs: number;
}

/**
 * What giving `before` back to one inverter does now: `done` once it is confirmed,
 * `passed` for an inverter that cannot hear (asleep: a non-persistent limit is gone when it
 * starts again anyway), `late` past the deadline, `wait` while a command is unconfirmed or
 * within the interval after one, else `send` (again after a failure or a timeout: this is
 * the one command that must arrive).
 */
export function giveBackNext(
  before: Limit,
  last: LastCommand | undefined,
  reachable: boolean,
  since: number,
  now: number,
  timing: GiveBackTiming,
): 'done' | 'passed' | 'late' | 'wait' | 'send' {
  if (last && sameLimit(last.limit, before) && last.status === 'ok') return 'done';
  if (!reachable) return 'passed';
  if (now - since >= timing.deadlineMs) return 'late';
  if (!last) return 'send';
  if (last.status === 'pending') return 'wait';
  return now - last.sentAt < timing.intervalMs ? 'wait' : 'send';
}

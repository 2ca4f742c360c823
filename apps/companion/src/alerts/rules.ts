/**
 * The rules as pure functions of what was seen, on the device's clock: no timers, no
 * database. The watcher (watcher.ts) feeds them and acts on their answer.
 *
 * Night is never judged: an inverter without light sends nothing and produces nothing, and
 * the device itself stops polling outside its day. The device's sun times include the
 * twilight it is set to (nautical by default), in which inverters barely wake, so only the
 * hours from `twilightMinutes` after its sunrise to as long before its sunset count. A
 * condition that began before them (an inverter silent since the evening) counts from their
 * start, so the morning gives every inverter the rule's full time to wake.
 */
import type { AlertRule, AlertRuleSettings } from '@opendtu/api';

export const MINUTE_MS = 60_000;

export interface AlertSettings {
  rules: Record<AlertRule, AlertRuleSettings>;
  /** Minutes after the device's sunrise and before its sunset that are not judged. */
  twilightMinutes: number;
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  rules: {
    'inverter-silent': { rule: 'inverter-silent', enabled: true, minutes: 15 },
    'dtu-unreachable': { rule: 'dtu-unreachable', enabled: true, minutes: 5 },
  },
  twilightMinutes: 120,
};

/** What the watcher knows of one inverter (device times, epoch ms). */
export interface InverterSeen {
  serial: string;
  name: string;
  /** When the inverter's latest data was read (arrival minus its data age). */
  dataAt: number;
  /** When its latest reading that showed it producing was read; undefined: none since first seen. */
  producedAt: number | undefined;
  /** When this server first saw it (stands in for `producedAt` until it produces). */
  firstSeen: number;
}

export interface WatchState {
  /** Device time now. */
  now: number;
  /** The hours that are judged today; undefined: none (the device's clock is not known). */
  daylight: { from: number; to: number } | undefined;
  /** undefined while the DTU's live socket is up, else since when it is not. */
  dtuDownSince: number | undefined;
  /** Since when the DTU's live socket is up (undefined while it is not). */
  dtuUpSince: number | undefined;
  inverters: InverterSeen[];
}

/** A condition that has stood long enough to be told. */
export interface Finding {
  key: string;
  rule: AlertRule;
  inverter: { serial: string; name: string } | null;
  /** Device time the condition began (for the text: "since 12:03"). */
  since: number;
  /** Which side of the rule it is (inverter-silent: no data, or no production). */
  reason: 'no-data' | 'no-production' | 'unreachable';
}

export interface Verdict {
  /** Conditions that stand long enough, by key (raise those not yet open). */
  standing: Finding[];
  /** Keys whose condition is known to be over (resolve those open). */
  cleared: string[];
}

export const alertKey = (rule: AlertRule, serial: string | null): string => `${rule}:${serial ?? ''}`;

/** The judged hours from the device's sun times, or undefined when it told none. */
export function daylightOf(
  sun: { rise: number; set: number } | undefined,
  twilightMinutes: number,
): { from: number; to: number } | undefined {
  if (!sun) return undefined;
  const from = sun.rise + twilightMinutes * MINUTE_MS;
  const to = sun.set - twilightMinutes * MINUTE_MS;
  return from < to ? { from, to } : undefined;
}

/** Whether a condition that began at `since` has stood `minutes` of judged time by now. */
function stoodLongEnough(since: number, minutes: number, state: WatchState): boolean {
  const { daylight, now } = state;
  if (!daylight || now < daylight.from || now > daylight.to) return false;
  return now - Math.max(since, daylight.from) >= minutes * MINUTE_MS;
}

export function judge(state: WatchState, settings: AlertSettings): Verdict {
  const standing: Finding[] = [];
  const cleared: string[] = [];
  const dtu = settings.rules['dtu-unreachable'];
  const dtuKey = alertKey('dtu-unreachable', null);
  if (state.dtuDownSince === undefined) cleared.push(dtuKey);
  else if (dtu.enabled && stoodLongEnough(state.dtuDownSince, dtu.minutes, state))
    standing.push({
      key: dtuKey,
      rule: 'dtu-unreachable',
      inverter: null,
      since: state.dtuDownSince,
      reason: 'unreachable',
    });

  const silent = settings.rules['inverter-silent'];
  // While the DTU is away nothing is known of its inverters: neither raised nor resolved.
  if (state.dtuDownSince !== undefined) return { standing, cleared };
  const limit = silent.minutes * MINUTE_MS;
  for (const inverter of state.inverters) {
    const key = alertKey('inverter-silent', inverter.serial);
    const noData = state.now - inverter.dataAt >= limit;
    // Produced data is read data, so this is never after dataAt.
    const since = inverter.producedAt ?? inverter.firstSeen;
    if (state.now - since < limit) {
      cleared.push(key);
      continue;
    }
    // Only what this server watched counts: the first frames after its start or after the
    // DTU came back may carry readings from long before (a DTU that just began its day).
    const watched = Math.max(since, inverter.firstSeen, state.dtuUpSince ?? -Infinity);
    if (silent.enabled && stoodLongEnough(watched, silent.minutes, state))
      standing.push({
        key,
        rule: 'inverter-silent',
        inverter: { serial: inverter.serial, name: inverter.name },
        since: noData ? inverter.dataAt : since,
        reason: noData ? 'no-data' : 'no-production',
      });
  }
  return { standing, cleared };
}

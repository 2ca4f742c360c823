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
  /** Device hours after which a standing alert is told again (by day); undefined: never. */
  reminderHours?: number | undefined;
  /** Local minutes of the day (device clock) from which and until which messages wait. */
  quietHours?: { from: number; to: number } | undefined;
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  rules: {
    'inverter-silent': { rule: 'inverter-silent', enabled: true, minutes: 15 },
    'string-weak': { rule: 'string-weak', enabled: true, minutes: 30, threshold: 0.5 },
    'command-failed': { rule: 'command-failed', enabled: true, minutes: 5 },
    'dtu-unreachable': { rule: 'dtu-unreachable', enabled: true, minutes: 5 },
    eventlog: { rule: 'eventlog', enabled: true, minutes: 5 },
    'energy-low': { rule: 'energy-low', enabled: true, minutes: 0, threshold: 0.5 },
    'inverter-hot': { rule: 'inverter-hot', enabled: false, minutes: 5, threshold: 70 },
    'influx-failing': { rule: 'influx-failing', enabled: true, minutes: 60 },
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
  /** Whether the DTU called it reachable in its latest frame. */
  reachable?: boolean;
  /** Its AC output (W) when it last produced, and the most it gave since it woke today. */
  producedW?: number | undefined;
  peakW?: number | undefined;
  /** Its latest temperature (°C), and since when it stands above `inverter-hot`'s threshold. */
  temperature?: number | undefined;
  hotSince?: number | undefined;
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
  reason: FindingReason;
  /** What the words need beyond the rule (see each rule's file). */
  detail?: { what?: string; share?: number; value?: number };
  /** The condition is already over (an event log entry that ended): stored ended, told once. */
  over?: number;
}

export type FindingReason =
  | 'no-data'
  | 'no-production'
  | 'unreachable'
  | 'weak'
  | 'failure'
  | 'unconfirmed'
  | 'entry'
  | 'low'
  | 'hot'
  | 'failing';

export interface Verdict {
  /** Conditions that stand long enough, by key (raise those not yet open). */
  standing: Finding[];
  /** Keys whose condition is known to be over (resolve those open). */
  cleared: string[];
}

/** What an alert is about: its rule, inverter and, for some rules, a part (a string, an entry, a day). */
export const alertKey = (rule: AlertRule, serial: string | null, part?: string): string =>
  `${rule}:${serial ?? ''}${part === undefined ? '' : `:${part}`}`;

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

/** Whether now is inside the judged hours. */
export function judgedNow(state: Pick<WatchState, 'now' | 'daylight'>): boolean {
  const { daylight, now } = state;
  return daylight !== undefined && now >= daylight.from && now <= daylight.to;
}

/** Whether a condition that began at `since` has stood `minutes` of judged time by now. */
export function stoodLongEnough(
  since: number,
  minutes: number,
  state: Pick<WatchState, 'now' | 'daylight'>,
): boolean {
  if (!judgedNow(state)) return false;
  return state.now - Math.max(since, state.daylight!.from) >= minutes * MINUTE_MS;
}

/**
 * How much narrower the judged hours are for an inverter none of whose siblings produces:
 * the whole plant dark at once is dusk (or dawn) before it is a fault. The device's sun
 * times include its twilight, which at 51° N in June reaches past 23:30, while inverters
 * stop producing around 21:00: without this, every evening raised each inverter
 * (`npm run bench -- --only alerts`).
 */
export const PLANT_DARK_MARGIN_MS = 90 * MINUTE_MS;

/**
 * An inverter whose last production was under this share of the most it gave today, and
 * that stops (sends nothing, or nothing but zero) this near the ends of the judged hours,
 * went to sleep in low light: its panels may face away from the low sun while a sibling's
 * still catch it (a south-facing inverter stops before a west-facing one; the first
 * version told that every evening).
 */
export const ASLEEP_SHARE = 0.05;
export const ASLEEP_MARGIN_MS = 180 * MINUTE_MS;

const fellAsleep = (inverter: InverterSeen, now: number, daylight: { from: number; to: number }): boolean =>
  inverter.producedW !== undefined &&
  !!inverter.peakW &&
  inverter.producedW < ASLEEP_SHARE * inverter.peakW &&
  (now < daylight.from + ASLEEP_MARGIN_MS || now > daylight.to - ASLEEP_MARGIN_MS);

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
  const producing = (inverter: InverterSeen): boolean =>
    inverter.producedAt !== undefined && state.now - inverter.producedAt < limit;
  const { daylight } = state;
  const plantDark =
    daylight && daylight.from + PLANT_DARK_MARGIN_MS < daylight.to - PLANT_DARK_MARGIN_MS
      ? { from: daylight.from + PLANT_DARK_MARGIN_MS, to: daylight.to - PLANT_DARK_MARGIN_MS }
      : undefined;
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
    if (daylight && fellAsleep(inverter, state.now, daylight)) continue;
    const alone = !state.inverters.some((other) => other !== inverter && producing(other));
    const hours = { now: state.now, daylight: alone ? plantDark : daylight };
    if (silent.enabled && stoodLongEnough(watched, silent.minutes, hours))
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

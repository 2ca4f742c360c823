/**
 * Rule 5: new entries in an inverter's event log (GET /api/eventlog/status), with their
 * text, except the day's routine ones (ROUTINE_ENTRIES). The first reading of each inverter's log is what was there before: nothing of it
 * is told. Every entry seen later for the first time is told once: one alert per entry,
 * which ends when the entry ends (`end_time` set) or leaves the log. An entry that is over
 * when first seen (most are: a grid disconnection of a second) is stored as ended and told
 * once, with no second message for its end.
 *
 * The DTU fetches an inverter's log in its own time (after its own start, after the
 * inverter wakes), so the first reading may come before the old entries do: an entry is
 * told only if it began after that first reading (on its clock, less a margin for the
 * inverter's) and is not in the future (an entry of yesterday, whose time of day is later).
 */
import type { EventLogEntry } from '@opendtu/api';
import { alertKey, MINUTE_MS, type Finding } from './rules';

/**
 * Entries every inverter writes in its day's routine: "Inverter start" (1) when it wakes
 * each morning, "Time calibration" (2) when the DTU sets its clock. Told, they woke the
 * owner every morning (`npm run bench -- --only alerts`: 17 of 40 false alerts in a week).
 */
export const ROUTINE_ENTRIES: ReadonlySet<number> = new Set([1, 2]);

/** How far an inverter's clock may be off the device's. */
const CLOCK_MARGIN_MS = 10 * MINUTE_MS;

export interface EventLogSeen {
  /** The entries' keys ever read from this inverter's log. */
  known: Set<string>;
  /** Device time of the first reading. */
  from: number;
}

/** An entry's identity in the log: its message and its start (seconds since local midnight). */
export const entryPart = (entry: EventLogEntry): string => `${entry.message_id}@${entry.start_time}`;

/**
 * Judges one reading of an inverter's log at device time `now`. `midnight` is the device's
 * local midnight of today (entries' times count from it); `openKeys` the keys of this
 * inverter's open event log alerts. Answers the new entries as findings and the open
 * alerts to resolve.
 */
export interface EventLogLook {
  /** What earlier looks knew; undefined: this is the first (its entries are from before). */
  seen: EventLogSeen | undefined;
  inverter: { serial: string; name: string };
  entries: readonly EventLogEntry[];
  /** Device time now, and of the device's last midnight (entry times count from it). */
  now: number;
  midnight: number;
  /** The inverter's open event log alerts. */
  openKeys: readonly string[];
  /** The rule tells new entries (default true). */
  enabled?: boolean;
}

export function judgeEventLog({
  seen,
  inverter,
  entries,
  now,
  midnight,
  openKeys,
  enabled = true,
}: EventLogLook): { seen: EventLogSeen; standing: Finding[]; cleared: string[] } {
  const active = new Set(
    entries
      .filter((entry) => entry.end_time === 0)
      .map((entry) => alertKey('eventlog', inverter.serial, entryPart(entry))),
  );
  const cleared = openKeys.filter((key) => !active.has(key));
  const standing: Finding[] = [];
  const known = seen?.known ?? new Set<string>();
  const from = seen?.from ?? now;
  for (const entry of entries) {
    const part = entryPart(entry);
    if (known.has(part)) continue;
    known.add(part);
    const since = midnight + entry.start_time * 1000;
    if (!seen || !enabled || ROUTINE_ENTRIES.has(entry.message_id)) continue;
    if (since < from - CLOCK_MARGIN_MS || since > now + CLOCK_MARGIN_MS) continue;
    standing.push({
      key: alertKey('eventlog', inverter.serial, part),
      rule: 'eventlog',
      inverter,
      since,
      reason: 'entry',
      detail: { what: entry.message, value: entry.message_id },
      ...(entry.end_time === 0 ? {} : { over: midnight + entry.end_time * 1000 }),
    });
  }
  return { seen: { known, from }, standing, cleared };
}

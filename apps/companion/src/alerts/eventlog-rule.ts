/**
 * Rule 5: new entries in an inverter's event log (GET /api/eventlog/status), with their
 * text. The first reading of each inverter's log is what was there before: nothing of it
 * is told. Every entry seen later for the first time is told once: one alert per entry,
 * which ends when the entry ends (`end_time` set) or leaves the log. An entry that is over
 * when first seen (most are: a grid disconnection of a second) is stored as ended and told
 * once, with no second message for its end.
 */
import type { EventLogEntry } from '@opendtu/api';
import { alertKey, type Finding } from './rules';

export interface EventLogSeen {
  /** The entries' keys ever read from this inverter's log. */
  known: Set<string>;
}

/** An entry's identity in the log: its message and its start (seconds since local midnight). */
export const entryPart = (entry: EventLogEntry): string => `${entry.message_id}@${entry.start_time}`;

/**
 * Judges one reading of an inverter's log. `midnight` is the device's local midnight of
 * today (entries' times count from it); `openKeys` the keys of this inverter's open
 * event log alerts. Answers the new entries as findings and the open alerts to resolve.
 */
export function judgeEventLog(
  seen: EventLogSeen | undefined,
  inverter: { serial: string; name: string },
  entries: readonly EventLogEntry[],
  midnight: number,
  openKeys: readonly string[],
  enabled: boolean,
): { seen: EventLogSeen; standing: Finding[]; cleared: string[] } {
  const active = new Set(
    entries
      .filter((entry) => entry.end_time === 0)
      .map((entry) => alertKey('eventlog', inverter.serial, entryPart(entry))),
  );
  const cleared = openKeys.filter((key) => !active.has(key));
  const standing: Finding[] = [];
  const known = seen?.known ?? new Set<string>();
  for (const entry of entries) {
    const part = entryPart(entry);
    if (known.has(part)) continue;
    known.add(part);
    if (!seen || !enabled) continue;
    standing.push({
      key: alertKey('eventlog', inverter.serial, part),
      rule: 'eventlog',
      inverter,
      since: midnight + entry.start_time * 1000,
      reason: 'entry',
      detail: { what: entry.message, value: entry.message_id },
      ...(entry.end_time === 0 ? {} : { over: midnight + entry.end_time * 1000 }),
    });
  }
  return { seen: { known }, standing, cleared };
}

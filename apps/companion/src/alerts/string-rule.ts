/**
 * Rule 2: a string that produces less than half of what its best sibling produces per
 * configured Wp, for 30 minutes of good light. One frame's judgement is the live view's
 * string health (packages/api string-health.ts) at the rule's share; this keeps it over
 * time. Only frames in which the light allows a comparison count: a cloud over the whole
 * roof dims every string alike, dawn and dusk are left out, and a gap in the frames (the
 * DTU away) is not counted as weak time.
 *
 * Strings of one inverter may face different ways (east and west): then one lags the
 * other all morning and the other all afternoon, which is the roof, not a fault (the
 * first version told it twice a day, `npm run bench -- --only alerts`). So a string that
 * still produces is told only once it was weak for the rule's time on both sides of solar
 * noon (the middle of the device's sun times) without a healthy frame between; a string at
 * zero while a sibling produces is told after the rule's time, whenever it happens.
 */
import { stringsComparable, weakStrings, type DcChannel } from '@opendtu/api';
import { alertKey, MINUTE_MS, stoodLongEnough, type Finding, type WatchState } from './rules';
import type { AlertSettings } from './rules';

/** Frames further apart than this are a gap: the weak time does not run across it. */
const MAX_GAP_MS = 5 * MINUTE_MS;

export interface StringSeen {
  serial: string;
  name: string;
  channel: string;
  /** The string's name as configured on the device ("" when none). */
  label: string;
  /** Judged weak time (device ms) since it was last seen healthy in good light. */
  weakMs: number;
  /** Of it, before and after solar noon. */
  weakAmMs: number;
  weakPmMs: number;
  /** The latest weak frame (device time); undefined after a healthy one or a gap. */
  weakAt: number | undefined;
  /** Its latest share of the best sibling's irradiation, 0..1. */
  share: number;
  /** Seen healthy in good light since its weak time began. */
  healthy: boolean;
}

/** A string's state when it is first seen, and after each healthy frame in good light. */
const HEALTHY = { weakMs: 0, weakAmMs: 0, weakPmMs: 0, weakAt: undefined, share: 1, healthy: true } as const;

/** Takes one frame of an inverter (device time `t`, inside the judged hours; `noon`: solar noon). */
export function trackStrings(
  seen: Map<string, StringSeen>,
  inverter: { serial: string; name: string; dc: Record<string, DcChannel> },
  t: number,
  weakShare: number,
  noon: number,
): void {
  const comparable = stringsComparable(inverter.dc);
  const weak = new Map(weakStrings(inverter.dc, weakShare).map((string) => [string.channel, string.share]));
  for (const [channel, values] of Object.entries(inverter.dc)) {
    const key = alertKey('string-weak', inverter.serial, channel);
    const label = typeof values.name?.u === 'string' ? values.name.u : '';
    const string = seen.get(key) ?? {
      serial: inverter.serial,
      name: inverter.name,
      channel,
      label,
      ...HEALTHY,
    };
    seen.set(key, string);
    string.name = inverter.name;
    string.label = label;
    if (!comparable) {
      string.weakAt = undefined;
      continue;
    }
    const share = weak.get(channel);
    if (share === undefined) {
      Object.assign(string, HEALTHY);
      continue;
    }
    if (string.weakAt !== undefined && t > string.weakAt && t - string.weakAt <= MAX_GAP_MS) {
      const step = t - string.weakAt;
      string.weakMs += step;
      if (t <= noon) string.weakAmMs += step;
      else string.weakPmMs += step;
    }
    string.weakAt = Math.max(t, string.weakAt ?? t);
    string.share = share;
    string.healthy = false;
  }
}

export function judgeStrings(
  strings: Iterable<StringSeen>,
  state: Pick<WatchState, 'now' | 'daylight'>,
  settings: AlertSettings,
): { standing: Finding[]; cleared: string[] } {
  const rule = settings.rules['string-weak'];
  const standing: Finding[] = [];
  const cleared: string[] = [];
  for (const string of strings) {
    const key = alertKey('string-weak', string.serial, string.channel);
    const limit = rule.minutes * MINUTE_MS;
    const told =
      string.share === 0 ? string.weakMs >= limit : string.weakAmMs >= limit && string.weakPmMs >= limit;
    if (string.healthy) cleared.push(key);
    else if (rule.enabled && told && stoodLongEnough(-Infinity, 0, state))
      standing.push({
        key,
        rule: 'string-weak',
        inverter: { serial: string.serial, name: string.name },
        since: (string.weakAt ?? state.now) - string.weakMs,
        reason: 'weak',
        // The string's name, else its input as the device counts them (from 1).
        detail: { what: string.label || `input ${Number(string.channel) + 1}`, share: string.share },
      });
  }
  return { standing, cleared };
}

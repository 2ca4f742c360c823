/**
 * Rule 6: yesterday's energy below half of the median of the 14 days before it, told once
 * in the morning (at the start of the judged hours). It needs those 14 days recorded: a new
 * server says nothing for two weeks. The plant's energy is the sum over its inverters. The
 * alert stands for the day and ends at the next morning's look.
 */
import { alertKey, type Finding } from './rules';
import type { AlertSettings } from './rules';

export const ENERGY_DAYS = 14;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * `days`: the plant's energy (Wh) per recorded day, yesterday and the 14 before it at
 * least (others are ignored); `openKeys`: the open energy alerts (ended by this look).
 */
export function judgeEnergy(
  yesterday: string,
  before: readonly string[],
  days: ReadonlyMap<string, number>,
  now: number,
  openKeys: readonly string[],
  settings: AlertSettings,
): { standing: Finding[]; cleared: string[] } {
  const rule = settings.rules['energy-low'];
  const key = alertKey('energy-low', null, yesterday);
  const cleared = openKeys.filter((open) => open !== key);
  const wh = days.get(yesterday);
  const history = before.flatMap((day) => (days.has(day) ? [days.get(day)!] : []));
  if (!rule.enabled || wh === undefined || history.length < ENERGY_DAYS) return { standing: [], cleared };
  const typical = median(history);
  if (typical <= 0 || wh >= (rule.threshold ?? 0.5) * typical) return { standing: [], cleared };
  return {
    standing: [
      {
        key,
        rule: 'energy-low',
        inverter: null,
        since: now,
        reason: 'low',
        detail: { what: yesterday, value: wh, share: wh / typical },
      },
    ],
    cleared,
  };
}

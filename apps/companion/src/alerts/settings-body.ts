/**
 * The alert settings as the app saves them (POST /companion/api/alerts/settings): checked
 * whole before anything changes, with one reason for the first thing wrong. The bounds are
 * the options' (limits.ts); a channel sent back masked, as GET showed it, keeps its saved
 * URL with its password.
 */
import { ALERT_LIMITS, THRESHOLD_KIND, type AlertRule } from '@opendtu/api';
import { ChannelUrlError, parseChannel, type Channel } from './channels';
import { MASK, maskText } from './channels/common';

import { quietSpan } from './quiet-hours';
import type { AlertSettings } from './rules';
import { SettingsRefusal } from '../settings/saved-file';

/** The body cannot be saved; the message says why (passwords masked). */
export class AlertSettingsError extends SettingsRefusal {}

/** What a save puts in place. */
export interface SavedAlerts {
  settings: AlertSettings;
  channels: Channel[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function numberIn(
  field: string,
  value: unknown,
  { min, max }: { min: number; max: number },
  whole = false,
): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    throw new AlertSettingsError(`${field} must be a number from ${min} to ${max}`);
  if (whole && !Number.isInteger(value)) throw new AlertSettingsError(`${field} must be a whole number`);
  return value;
}

function parseRules(value: unknown, current: AlertSettings['rules']): AlertSettings['rules'] {
  if (!Array.isArray(value)) throw new AlertSettingsError('rules must be a list');
  const rules = { ...current };
  for (const item of value as unknown[]) {
    if (!isObject(item) || typeof item.rule !== 'string' || !(item.rule in current))
      throw new AlertSettingsError(
        `rules: unknown rule ${JSON.stringify(isObject(item) ? item.rule : item)}`,
      );
    const name = item.rule as AlertRule;
    const base = current[name];
    if (typeof item.enabled !== 'boolean')
      throw new AlertSettingsError(`${name}: enabled must be true or false`);
    const rule = { ...base, enabled: item.enabled };
    // energy-low is told once in the morning: it has no time to stand.
    if (name !== 'energy-low')
      rule.minutes = numberIn(`${name}: minutes`, item.minutes, ALERT_LIMITS.minutes);
    const kind = THRESHOLD_KIND[name as keyof typeof THRESHOLD_KIND];
    if (kind === 'percent') {
      const { min, max } = ALERT_LIMITS.percent;
      rule.threshold = numberIn(`${name}: threshold`, item.threshold, { min: min / 100, max: max / 100 });
    } else if (kind === 'celsius') {
      rule.threshold = numberIn(`${name}: threshold`, item.threshold, ALERT_LIMITS.celsius);
    }
    rules[name] = rule;
  }
  return rules;
}

function parseQuietHours(value: unknown): AlertSettings['quietHours'] {
  if (value === null) return undefined;
  const hours =
    isObject(value) && typeof value.from === 'string' && typeof value.to === 'string'
      ? quietSpan(value.from, value.to)
      : undefined;
  if (!hours) throw new AlertSettingsError('quiet_hours must be two different local times (HH:MM) or null');
  return hours;
}

function parseChannels(value: unknown, saved: readonly Channel[]): Channel[] {
  if (!Array.isArray(value) || value.some((url) => typeof url !== 'string'))
    throw new AlertSettingsError('channels must be a list of URLs');
  const channels: Channel[] = [];
  for (const text of (value as string[]).map((url) => url.trim()).filter(Boolean)) {
    let channel = saved.find(({ masked }) => masked === text);
    if (!channel && text.includes(MASK))
      throw new AlertSettingsError(`channels: ${maskText(text)} has a masked password; type it again`);
    if (!channel) {
      try {
        channel = parseChannel(text);
      } catch (error) {
        if (error instanceof ChannelUrlError) throw new AlertSettingsError(`channels: ${error.message}`);
        throw error;
      }
    }
    const { masked } = channel;
    if (channels.some((other) => other.masked === masked))
      throw new AlertSettingsError(`channels: ${masked} is given twice`);
    channels.push(channel);
  }
  return channels;
}

/** The settings a body asks for, over the current ones; throws AlertSettingsError. */
export function parseAlertSettingsBody(
  body: unknown,
  current: AlertSettings,
  saved: readonly Channel[],
): SavedAlerts {
  if (!isObject(body)) throw new AlertSettingsError('the body must be a JSON object');
  const reminder = body.reminder_hours;
  return {
    settings: {
      rules: parseRules(body.rules, current.rules),
      twilightMinutes: numberIn('twilight_minutes', body.twilight_minutes, ALERT_LIMITS.twilight, true),
      reminderHours:
        reminder === null ? undefined : numberIn('reminder_hours', reminder, ALERT_LIMITS.reminderHours),
      quietHours: parseQuietHours(body.quiet_hours),
    },
    channels: parseChannels(body.channels, saved),
  };
}

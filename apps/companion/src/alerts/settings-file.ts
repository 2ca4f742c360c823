/**
 * The alert settings saved from the app: `alerts.json` in the data folder, the body the app
 * sent with the channels' whole URLs (passwords included, so the file is the owner's
 * only: mode 0600). Written atomically; once it exists it is used instead of the --alert-*
 * options, and read with the same checks as a save.
 */
import type { AlertSettingsBody } from '@opendtu/api';
import { readSavedSettings, writeSavedSettings } from '../settings/saved-file';
import { clockText } from './quiet-hours';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from './rules';
import { parseAlertSettingsBody, type SavedAlerts } from './settings-body';

export const ALERTS_FILE = 'alerts.json';

/** The settings as the API and the file carry them (`channels` as given). */
export function settingsBody(settings: AlertSettings, channels: readonly string[]): AlertSettingsBody {
  const quiet = settings.quietHours;
  return {
    rules: Object.values(settings.rules),
    twilight_minutes: settings.twilightMinutes,
    reminder_hours: settings.reminderHours ?? null,
    quiet_hours: quiet ? { from: clockText(quiet.from), to: clockText(quiet.to) } : null,
    channels: [...channels],
  };
}

/** The saved settings; undefined when none were saved. Throws, naming the file, when it cannot be used. */
export function readSavedAlerts(dataDir: string): Promise<SavedAlerts | undefined> {
  return readSavedSettings(dataDir, ALERTS_FILE, (json) =>
    parseAlertSettingsBody(json, DEFAULT_ALERT_SETTINGS, []),
  );
}

export function writeSavedAlerts(dataDir: string, saved: SavedAlerts): Promise<void> {
  const body = settingsBody(
    saved.settings,
    saved.channels.map(({ url }) => url),
  );
  return writeSavedSettings(dataDir, ALERTS_FILE, body);
}

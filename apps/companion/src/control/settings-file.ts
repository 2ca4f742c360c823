/**
 * The controller's settings saved from the app: `control.json` in the data folder, the body
 * as saved with the meter's whole URL (its password included, so the file is the owner's
 * only: mode 0600). Written atomically; once it exists it is used instead of the
 * --control-* options, and read with the same checks as a save.
 */
import type { ControlSettingsBody } from '@opendtu/api';
import { readSavedSettings, writeSavedSettings } from '../settings/saved-file';
import { CONTROL_DEFAULTS, meterFields, parseControlSettingsBody, type SavedControl } from './settings-body';
import type { ControlConfig } from './config';

export const CONTROL_FILE = 'control.json';

/** The settings of the options' config (or the defaults when control is off), as saved ones look. */
export function optionsBody(config: ControlConfig | undefined): ControlSettingsBody {
  if (!config) return CONTROL_DEFAULTS;
  return {
    enabled: true,
    meter: meterFields(config.meter),
    target_w: config.targetW,
    band_w: config.bandW,
    interval_s: config.intervalMs / 1000,
    poll_s: config.pollMs / 1000,
    inverters: config.inverters,
    fallback: config.fallback,
    wait_out_switching: config.waitOutSwitching,
  };
}

/** The saved settings; undefined when none were saved. Throws, naming the file, when it cannot be used. */
export function readSavedControl(dataDir: string): Promise<SavedControl | undefined> {
  // Nothing saved to keep a masked password of: the file holds the meter's whole URL.
  return readSavedSettings(dataDir, CONTROL_FILE, (json) =>
    parseControlSettingsBody(withLaterFields(json), CONTROL_DEFAULTS),
  );
}

/**
 * A file saved before `wait_out_switching` existed waits out switching loads, as the
 * controller then did: its owner keeps the behaviour they had.
 */
function withLaterFields(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json) || 'wait_out_switching' in json)
    return json;
  return { ...json, wait_out_switching: CONTROL_DEFAULTS.wait_out_switching };
}

export function writeSavedControl(dataDir: string, body: ControlSettingsBody): Promise<void> {
  return writeSavedSettings(dataDir, CONTROL_FILE, body);
}

/**
 * The grid meter saved from the app: `meter.json` in the data folder (mode 0600: the
 * meter's URL may hold its password), written atomically; once it exists it is used
 * instead of the --meter option, and read with the same checks as a save.
 */
import type { MeterFields, MeterSettingsBody } from '@opendtu/api';
import { readSavedSettings, writeSavedSettings } from '../settings/saved-file';
import { MeterFieldsError, parseMeterFields } from './meter-fields';
import type { MeterSpec } from './meter-spec';

export const METER_FILE = 'meter.json';

/** What a save puts in place: the body as stored (password whole) and the parsed meter. */
export interface SavedMeter {
  body: MeterSettingsBody;
  spec: MeterSpec | undefined;
}

/** Nothing saved yet: no password to keep. */
const NONE: MeterFields = { kind: 'shelly-pro-3em', url: '', path: null };

/** Checks a body (POST or the file) whole; `saved`: the meter stored now, whose password a masked URL keeps. */
export function parseMeterSettingsBody(value: unknown, saved: MeterFields | null): SavedMeter {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('meter' in value))
    throw new MeterFieldsError('the body must be a JSON object with meter (an object, or null for none)');
  const meter = (value as { meter: unknown }).meter;
  if (meter === null) return { body: { meter: null }, spec: undefined };
  const { fields, spec } = parseMeterFields(
    meter,
    saved ?? NONE,
    "meter.url: give the meter's address (or send meter null for none)",
  );
  return { body: { meter: fields }, spec };
}

/** The saved meter; undefined when none was saved. Throws, naming the file, when it cannot be used. */
export function readSavedMeter(dataDir: string): Promise<SavedMeter | undefined> {
  return readSavedSettings(dataDir, METER_FILE, (json) => parseMeterSettingsBody(json, null));
}

export function writeSavedMeter(dataDir: string, body: MeterSettingsBody): Promise<void> {
  return writeSavedSettings(dataDir, METER_FILE, body);
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIG_FILE } from '../config/store';
import { parseTolerantJson } from '../config/tolerant-json';
import { DEFAULT_NTP_TIMEZONE } from '../config/defaults';
import { epochOfLocal, posixTzOrUtc, type LocalDateTime } from '@opendtu/server-kit/posix-tz';

/** `--time`: an instant, or a date and time as the device's clock shows it (in its configured zone). */
export type StartTime = { instant: number } | { deviceLocal: Omit<LocalDateTime, 'weekday'> };

/** The POSIX time zone config.json holds, or the device's default before the first boot. */
async function storedTimeZone(dataDir: string): Promise<string> {
  try {
    const { value } = parseTolerantJson(await readFile(join(dataDir, CONFIG_FILE), 'utf8'));
    const timezone = (value as { ntp?: { timezone?: unknown } } | undefined)?.ntp?.timezone;
    if (typeof timezone === 'string') return timezone;
  } catch {
    // No config yet: the device boots with its default zone.
  }
  return DEFAULT_NTP_TIMEZONE;
}

/** The instant `--time` names: a device wall-clock time is read in the zone the device is set to. */
export async function resolveStartTime(
  start: StartTime | undefined,
  dataDir: string,
): Promise<number | undefined> {
  if (start === undefined) return undefined;
  if ('instant' in start) return start.instant;
  return epochOfLocal(posixTzOrUtc(await storedTimeZone(dataDir)), start.deviceLocal);
}

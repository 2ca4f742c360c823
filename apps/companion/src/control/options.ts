/**
 * The controller's options (`--control-...`, OPENDTU_CONTROL_..., config file keys), read
 * into a ControlConfig; control is off without `--control-meter`. Errors name the option
 * as its author wrote it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONTROL_LIMITS } from '@opendtu/api';
import type { OptionReader } from '../config/areas';
import { asConfigError } from '../config/config-error';
import type { ControlConfig } from './config';
import { MeterSpecError, parseMeterSpec } from './meter';
import { readSchedule, ScheduleError, type Schedule } from './schedule-file';
import { CONTROL_DEFAULTS } from './settings-body';
import { CONTROL_FILE } from './settings-file';

export const CONTROL_OPTIONS = {
  'control-meter': 'string',
  'control-target': 'string',
  'control-band': 'string',
  'control-interval': 'string',
  'control-inverters': 'list',
  'control-fallback': 'string',
  'control-poll': 'string',
  'control-wait-out-switching': 'string',
  schedule: 'string',
} as const;

export type ControlOptionName = keyof typeof CONTROL_OPTIONS;

export const CONTROL_USAGE = `  --control-meter <m> zero export: keep the grid power at a target with this meter:
                      shelly-pro-3em:http://host, shelly-3em:http://host,
                      tasmota:http://host[#SML.Power_curr], http://host/path#json.path,
                      mqtt://[user:pass@]host[:port]/topic[#json.path] (off without it)
  --control-target <W>  grid power to keep, positive is import (default 0)
  --control-band <W>  nothing is sent while the grid is this close to the target (default 25)
  --control-interval <s>  at most one limit per inverter this often (default 10, at least 5)
  --control-inverters <serials>  the inverters controlled (default: all)
  --control-fallback <W|before>  total limit while the meter is silent (default before:
                      the limits the inverters had when control started)
  --control-poll <s>  seconds between meter readings (default 2)
  --control-wait-out-switching <on|off>  on: a load switching on and off (a hob's
                      thermostat) is waited out before a raise covers it: less export,
                      more import; off: every import is covered at once (default on)
  --schedule <file>   time windows (a limit, or zero export on, off or at another target)
                      and daily inverter restarts, on the device's clock: a JSON file`;

export class ControlOptionError extends Error {}

const ON = ['on', 'true', 'yes', '1'];
const OFF = ['off', 'false', 'no', '0'];

function switchOf(where: string, text: string): boolean {
  const value = text.trim().toLowerCase();
  if (ON.includes(value)) return true;
  if (OFF.includes(value)) return false;
  throw new ControlOptionError(`${where} must be on or off, got "${text}"`);
}

function numberOf(where: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max)
    throw new ControlOptionError(`${where} must be a number from ${min} to ${max}, got "${text}"`);
  return value;
}

/** Undefined when no meter is set (control off); throws a ControlOptionError when a value is wrong. */
export function parseControlOptions(
  where: (name: ControlOptionName) => string,
  text: (name: ControlOptionName) => string | undefined,
): ControlConfig | undefined {
  const meterText = text('control-meter');
  if (meterText === undefined) {
    const stray = (Object.keys(CONTROL_OPTIONS) as ControlOptionName[]).find(
      (name) => name !== 'schedule' && text(name) !== undefined,
    );
    if (stray)
      throw new ControlOptionError(
        `${where(stray)} needs --control-meter (zero export is off without a meter)`,
      );
    return undefined;
  }
  let meter;
  try {
    meter = parseMeterSpec(meterText);
  } catch (error) {
    if (error instanceof MeterSpecError)
      throw new ControlOptionError(`${where('control-meter')}: ${error.message}`);
    throw error;
  }
  const number = (
    name: ControlOptionName,
    fallback: number,
    { min, max }: { min: number; max: number },
  ): number => {
    const value = text(name);
    return value === undefined ? fallback : numberOf(where(name), value, min, max);
  };
  const fallbackText = text('control-fallback')?.trim();
  const waitText = text('control-wait-out-switching');
  const inverters = text('control-inverters')
    ?.split(/[\s,]+/)
    .filter((serial) => serial !== '');
  for (const serial of inverters ?? [])
    if (!/^[0-9a-f]{12}$/i.test(serial))
      throw new ControlOptionError(
        `${where('control-inverters')} must list inverter serials (12 hex digits), got "${serial}"`,
      );
  return {
    meter,
    targetW: number('control-target', CONTROL_DEFAULTS.target_w, CONTROL_LIMITS.target_w),
    bandW: number('control-band', CONTROL_DEFAULTS.band_w, CONTROL_LIMITS.band_w),
    intervalMs: number('control-interval', CONTROL_DEFAULTS.interval_s, CONTROL_LIMITS.interval_s) * 1000,
    pollMs: number('control-poll', CONTROL_DEFAULTS.poll_s, CONTROL_LIMITS.poll_s) * 1000,
    inverters: inverters?.length ? inverters.map((serial) => serial.toLowerCase()) : 'all',
    fallback:
      fallbackText === undefined || fallbackText.toLowerCase() === 'before'
        ? 'before'
        : number('control-fallback', 0, CONTROL_LIMITS.fallback_w),
    waitOutSwitching:
      waitText === undefined
        ? CONTROL_DEFAULTS.wait_out_switching
        : switchOf(where('control-wait-out-switching'), waitText),
  };
}

/**
 * The schedule file named by --schedule (a path already resolved), checked at start:
 * a window that turns zero export on or off needs the controller: `control` is the
 * options' config, or true when settings saved in the app (control.json) stand in for
 * them. Turned off in the app later, such windows find no controller and do nothing.
 */
export function parseScheduleOption(
  where: string,
  file: string | undefined,
  control: ControlConfig | boolean | undefined,
): Schedule | undefined {
  if (file === undefined) return undefined;
  let schedule: Schedule;
  try {
    schedule = readSchedule(file);
  } catch (error) {
    if (error instanceof ScheduleError) throw new ControlOptionError(`${where}: ${error.message}`);
    throw error;
  }
  const controlWindow = schedule.windows.find((window) => window.action.kind === 'control');
  if (controlWindow && !control)
    throw new ControlOptionError(
      `${where}: windows[${controlWindow.index}] turns zero export on or off, which needs --control-meter`,
    );
  return schedule;
}

/** Zero export's options and the schedule's file. */
export function readControlOptions({ where, text, path }: OptionReader<ControlOptionName>) {
  const control = asConfigError(ControlOptionError, () => parseControlOptions(where, text));
  return {
    /** The zero-export controller (--control-meter and its options); undefined: off. */
    control,
    /** Time windows and restarts (--schedule); undefined: none. */
    schedule: asConfigError(ControlOptionError, () =>
      parseScheduleOption(
        where('schedule'),
        text('schedule') === undefined ? undefined : path('schedule', ''),
        // Settings saved in the app (control.json) stand in for the --control-* options.
        control ?? existsSync(join(path('data', './data'), CONTROL_FILE)),
      ),
    ),
  };
}

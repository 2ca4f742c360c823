/**
 * The controller's settings as the app saves them (POST /companion/api/control/settings)
 * and control.json keeps them: checked whole before anything changes, with one reason for
 * the first thing wrong, within the contract's CONTROL_LIMITS (the options' bounds too). The
 * meter is kept as the owner gives it (its address, not the path the companion reads), so
 * GET shows what the form sends back; a password sent back masked keeps the saved one.
 */
import { CONTROL_LIMITS, type ControlSettingsBody } from '@opendtu/api';
import { parseMeterFields } from '../meter/meter-fields';
import type { MeterSpec } from './meter';
import type { ControlConfig } from './config';
import { SettingsRefusal } from '../settings/saved-file';

// The meter's fields are the meter area's (issue 45); the controller's modules keep them here.
export { maskedUrl, meterFields } from '../meter/meter-fields';

/** The body cannot be saved; the message says why (passwords masked). */
export class ControlSettingsError extends SettingsRefusal {}

/** The options' defaults, and what GET shows before anything is configured. */
export const CONTROL_DEFAULTS: ControlSettingsBody = {
  enabled: false,
  meter: { kind: 'shelly-pro-3em', url: '', path: null },
  target_w: 0,
  band_w: 25,
  interval_s: 10,
  poll_s: 2,
  inverters: 'all',
  fallback: 'before',
  wait_out_switching: true,
};

/** What a save puts in place: the body as stored (passwords whole) and the controller's config. */
export interface SavedControl {
  body: ControlSettingsBody;
  /** Undefined: zero export off. */
  config: ControlConfig | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function booleanOf(field: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw new ControlSettingsError(`${field} must be true or false`);
  return value;
}

function numberIn(field: string, value: unknown, { min, max }: { min: number; max: number }): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max)
    throw new ControlSettingsError(`${field} must be a number from ${min} to ${max}`);
  return value;
}

function parseInverters(value: unknown): ControlSettingsBody['inverters'] {
  if (value === 'all') return 'all';
  if (!Array.isArray(value) || value.length === 0)
    throw new ControlSettingsError('inverters must be "all" or a list of at least one serial');
  const serials: string[] = [];
  for (const serial of value as unknown[]) {
    if (typeof serial !== 'string' || !/^[0-9a-f]{12}$/i.test(serial))
      throw new ControlSettingsError(
        `inverters must list inverter serials (12 hex digits), got ${JSON.stringify(serial)}`,
      );
    if (!serials.includes(serial.toLowerCase())) serials.push(serial.toLowerCase());
  }
  return serials;
}

/** The controller's config of checked settings and their parsed meter. */
export function controlConfigOf(body: ControlSettingsBody, meter: MeterSpec): ControlConfig {
  return {
    meter,
    targetW: body.target_w,
    bandW: body.band_w,
    intervalMs: body.interval_s * 1000,
    pollMs: body.poll_s * 1000,
    inverters: body.inverters,
    fallback: body.fallback,
    waitOutSwitching: body.wait_out_switching,
  };
}

/** The settings a body asks for; `saved`: the ones stored now. Throws ControlSettingsError. */
export function parseControlSettingsBody(value: unknown, saved: ControlSettingsBody): SavedControl {
  if (!isObject(value)) throw new ControlSettingsError('the body must be a JSON object');
  if (typeof value.enabled !== 'boolean') throw new ControlSettingsError('enabled must be true or false');
  const { fields, spec } = parseMeterFields(
    value.meter,
    saved.meter,
    value.enabled ? "meter.url: give the meter's address to turn zero export on" : undefined,
  );
  const fallback = value.fallback;
  const body: ControlSettingsBody = {
    enabled: value.enabled,
    meter: fields,
    target_w: numberIn('target_w', value.target_w, CONTROL_LIMITS.target_w),
    band_w: numberIn('band_w', value.band_w, CONTROL_LIMITS.band_w),
    interval_s: numberIn('interval_s', value.interval_s, CONTROL_LIMITS.interval_s),
    poll_s: numberIn('poll_s', value.poll_s, CONTROL_LIMITS.poll_s),
    inverters: parseInverters(value.inverters),
    fallback: fallback === 'before' ? 'before' : numberIn('fallback', fallback, CONTROL_LIMITS.fallback_w),
    // A client from before the setting (a script) sends none: the owner's choice stays.
    wait_out_switching:
      value.wait_out_switching === undefined
        ? saved.wait_out_switching
        : booleanOf('wait_out_switching', value.wait_out_switching),
  };
  return { body, config: body.enabled && spec ? controlConfigOf(body, spec) : undefined };
}

/**
 * The controller's settings as the app saves them (POST /companion/api/control/settings)
 * and control.json keeps them: checked whole before anything changes, with one reason for
 * the first thing wrong, within the contract's CONTROL_LIMITS (the options' bounds too). The
 * meter is kept as the owner gives it (its address, not the path the companion reads), so
 * GET shows what the form sends back; a password sent back masked keeps the saved one.
 */
import {
  CONTROL_LIMITS,
  CONTROL_METER_KINDS,
  type ControlMeterKind,
  type ControlSettingsBody,
} from '@opendtu/api';
import { KNOWN_METERS, MeterSpecError, parseMeterSpec, type MeterSpec } from './meter';
import type { ControlConfig } from './config';
import { MASK, maskText, maskUrl } from '../settings/mask';
import { SettingsRefusal } from '../settings/saved-file';

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

/** The meter's address as it may be shown: its password and secret query values masked. */
export function maskedUrl(text: string): string {
  if (text === '') return text;
  try {
    return maskUrl(new URL(text));
  } catch {
    return maskText(text);
  }
}

/** The meter as the owner gives it, from a parsed spec (the options' `--control-meter`). */
export function meterFields(spec: MeterSpec): ControlSettingsBody['meter'] {
  const known = spec.kind in KNOWN_METERS ? KNOWN_METERS[spec.kind as keyof typeof KNOWN_METERS] : undefined;
  // A known meter's URL is its address with the path it answers at appended.
  const url = new URL(known ? spec.url.href.slice(0, -known.path.length) : spec.url.href);
  if (spec.username) url.username = encodeURIComponent(spec.username);
  if (spec.password) url.password = encodeURIComponent(spec.password);
  if (spec.topic !== undefined) url.pathname = `/${spec.topic}`;
  let path: string | null = spec.path === '' ? null : spec.path;
  if (known)
    path =
      spec.kind === 'tasmota' && spec.path !== known.field ? spec.path.replace(/^StatusSNS\./, '') : null;
  return { kind: spec.kind, url: url.href, path };
}

/** The `--control-meter` text of the fields (its parser does the rest). */
function meterText({ kind, url, path }: ControlSettingsBody['meter']): string {
  const fragment = path ? `#${path}` : '';
  return kind === 'http-json' ? `json:${url}${fragment}` : `${kind}:${url}${fragment}`;
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

/** The meter fields checked, and parsed; `saved`: the stored ones, whose password a masked URL keeps. */
function parseMeter(
  value: unknown,
  enabled: boolean,
  saved: ControlSettingsBody['meter'],
): { fields: ControlSettingsBody['meter']; spec: MeterSpec | undefined } {
  if (!isObject(value)) throw new ControlSettingsError('meter must be an object with kind, url and path');
  const kind = value.kind as ControlMeterKind;
  if (!CONTROL_METER_KINDS.includes(kind))
    throw new ControlSettingsError(
      `meter.kind must be one of ${CONTROL_METER_KINDS.join(', ')}, got ${JSON.stringify(value.kind)}`,
    );
  if (typeof value.url !== 'string') throw new ControlSettingsError('meter.url must be a text');
  if (value.path !== null && typeof value.path !== 'string')
    throw new ControlSettingsError('meter.path must be a text or null');
  const path = value.path?.trim() || null;
  let url = value.url.trim();
  if (url === '') {
    if (enabled) throw new ControlSettingsError("meter.url: give the meter's address to turn zero export on");
    return { fields: { kind, url, path }, spec: undefined };
  }
  if (url.includes(MASK)) {
    if (saved.kind !== kind || maskedUrl(saved.url) !== url)
      throw new ControlSettingsError(`meter.url: ${url} has a masked password; type it again`);
    url = saved.url;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  const schemes = kind === 'mqtt' ? ['mqtt', 'mqtts'] : ['http', 'https'];
  if (kind === 'mqtt' ? !scheme || !schemes.includes(scheme) : scheme && !schemes.includes(scheme))
    throw new ControlSettingsError(`meter.url must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);
  if (url.includes('#'))
    throw new ControlSettingsError('meter.url: the JSON path goes in meter.path, not after #');
  if (kind === 'http-json' && !path)
    throw new ControlSettingsError(
      'meter.path: say where the power is in the answer (a dot path, e.g. em.power)',
    );
  let spec: MeterSpec;
  try {
    spec = parseMeterSpec(meterText({ kind, url, path: kind.startsWith('shelly') ? null : path }));
  } catch (error) {
    if (!(error instanceof MeterSpecError)) throw error;
    throw new ControlSettingsError(`meter.url: ${maskText(error.message)}`);
  }
  return { fields: meterFields(spec), spec };
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
  const { fields, spec } = parseMeter(value.meter, value.enabled, saved.meter);
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

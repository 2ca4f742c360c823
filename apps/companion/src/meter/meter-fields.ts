/**
 * The meter's fields as the app saves them (zero export's settings, the grid meter's own:
 * kind, url, path), checked with one reason for the first thing wrong and parsed into the
 * spec the reader uses; and the other way, the fields of a spec given as an option. The
 * meter is kept as the owner gives it (its address, not the path the companion reads), so
 * GET shows what the form sends back; a password sent back masked keeps the saved one.
 */
import { CONTROL_METER_KINDS, type MeterFields, type MeterKind } from '@opendtu/api';
import { MASK, maskText, maskUrl } from '../settings/mask';
import { SettingsRefusal } from '../settings/saved-file';
import { KNOWN_METERS, MeterSpecError, parseMeterSpec, type MeterSpec } from './meter-spec';

/** The fields cannot be used; the message says why (passwords masked). */
export class MeterFieldsError extends SettingsRefusal {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The meter's address as it may be shown: its password and secret query values masked. */
export function maskedUrl(text: string): string {
  if (text === '') return text;
  try {
    return maskUrl(new URL(text));
  } catch {
    return maskText(text);
  }
}

/** The meter as the owner gives it, from a parsed spec (the options' `--meter`, `--control-meter`). */
export function meterFields(spec: MeterSpec): MeterFields {
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
function meterText({ kind, url, path }: MeterFields): string {
  const fragment = path ? `#${path}` : '';
  return kind === 'http-json' ? `json:${url}${fragment}` : `${kind}:${url}${fragment}`;
}

/** The meter fields checked, and parsed; `saved`: the stored ones, whose password a masked URL keeps. */
export function parseMeterFields(
  value: unknown,
  saved: MeterFields,
  /** The refusal of an empty address; undefined: an empty address is no meter. */
  whenEmpty?: string,
): { fields: MeterFields; spec: MeterSpec | undefined } {
  if (!isObject(value)) throw new MeterFieldsError('meter must be an object with kind, url and path');
  const kind = value.kind as MeterKind;
  if (!CONTROL_METER_KINDS.includes(kind))
    throw new MeterFieldsError(
      `meter.kind must be one of ${CONTROL_METER_KINDS.join(', ')}, got ${JSON.stringify(value.kind)}`,
    );
  if (typeof value.url !== 'string') throw new MeterFieldsError('meter.url must be a text');
  if (value.path !== null && typeof value.path !== 'string')
    throw new MeterFieldsError('meter.path must be a text or null');
  const path = value.path?.trim() || null;
  let url = value.url.trim();
  if (url === '') {
    if (whenEmpty) throw new MeterFieldsError(whenEmpty);
    return { fields: { kind, url, path }, spec: undefined };
  }
  if (url.includes(MASK)) {
    if (saved.kind !== kind || maskedUrl(saved.url) !== url)
      throw new MeterFieldsError(`meter.url: ${url} has a masked password; type it again`);
    url = saved.url;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  const schemes = kind === 'mqtt' ? ['mqtt', 'mqtts'] : ['http', 'https'];
  if (kind === 'mqtt' ? !scheme || !schemes.includes(scheme) : scheme && !schemes.includes(scheme))
    throw new MeterFieldsError(`meter.url must start with ${schemes.map((s) => `${s}://`).join(' or ')}`);
  if (url.includes('#'))
    throw new MeterFieldsError('meter.url: the JSON path goes in meter.path, not after #');
  if (kind === 'http-json' && !path)
    throw new MeterFieldsError(
      'meter.path: say where the power is in the answer (a dot path, e.g. em.power)',
    );
  let spec: MeterSpec;
  try {
    spec = parseMeterSpec(meterText({ kind, url, path: kind.startsWith('shelly') ? null : path }));
  } catch (error) {
    if (!(error instanceof MeterSpecError)) throw error;
    throw new MeterFieldsError(`meter.url: ${maskText(error.message)}`);
  }
  return { fields: meterFields(spec), spec };
}

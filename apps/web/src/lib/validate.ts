// Pure validation rules shared by every form (spec §5). Each returns undefined when the
// value is fine, else a message; the texts come from the caller's translator so the
// rules stay free of i18n.
import type { Translator } from '../i18n/runtime';

type T = Translator['t'];

/**
 * A text of `min` to `max` characters, counted as the user sees them, or with `bytes` as
 * the device stores them (UTF-8), for fields whose limit is a firmware buffer.
 */
export function lengthBetween(
  t: T,
  value: string,
  min: number,
  max: number,
  bytes = false,
): string | undefined {
  const length = bytes ? new TextEncoder().encode(value).length : [...value].length;
  if (length >= min && length <= max) return undefined;
  if (min > 0 && length === 0) return t('validation.Required');
  return min > 0 ? t('validation.LengthBetween', { min, max }) : t('validation.LengthMax', { max });
}

/** A finite number within [min, max]; integers only unless `fraction` is set. */
export function numberBetween(
  t: T,
  value: number,
  min: number,
  max: number,
  fraction = false,
): string | undefined {
  if (!Number.isFinite(value)) return t('validation.Required');
  if (value < min || value > max || (!fraction && !Number.isInteger(value))) {
    return t(fraction ? 'validation.NumberBetween' : 'validation.WholeNumberBetween', { min, max });
  }
  return undefined;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A dotted IPv4 address such as 192.168.1.10 (what the device stores). */
export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

export function ipAddress(t: T, value: string): string | undefined {
  return isIpv4(value) ? undefined : t('validation.InvalidAddress');
}

/** No whitespace anywhere (MQTT topics, user names). */
export function noSpaces(t: T, value: string): string | undefined {
  return /\s/.test(value) ? t('validation.NoSpaces') : undefined;
}

/** The first message of several rules, so a field shows one problem at a time. */
export function firstError(...messages: (string | undefined)[]): string | undefined {
  return messages.find((message) => message !== undefined);
}

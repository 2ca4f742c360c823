// The grid meter's fields as the screens edit them (zero export's settings and the grid
// meter's own): the type's text keys, whether it reads a path, and the address rules the
// server checks again.
import type { ControlMeterKind } from '@opendtu/api';
import type { Translator } from '../i18n/runtime';

/** The i18n key part of each meter type (its name, its address hint). */
export const KIND_KEY: Record<ControlMeterKind, string> = {
  'shelly-pro-3em': 'ShellyPro3em',
  'shelly-3em': 'Shelly3em',
  tasmota: 'Tasmota',
  'http-json': 'HttpJson',
  mqtt: 'Mqtt',
};

/** Whether the type reads a path from the owner: required for any JSON, optional for MQTT and Tasmota. */
export const pathWanted = (kind: ControlMeterKind): 'required' | 'optional' | undefined =>
  kind === 'http-json' ? 'required' : kind === 'mqtt' || kind === 'tasmota' ? 'optional' : undefined;

/** What the address must start with for the type; a meter reached over HTTP may leave it out. */
export const schemesOf = (kind: ControlMeterKind): string[] =>
  kind === 'mqtt' ? ['mqtt://', 'mqtts://'] : ['http://', 'https://'];

/** What is wrong with a meter's address, if anything; `required`: an empty one is wrong. */
export function meterAddressError(
  t: Translator['t'],
  kind: ControlMeterKind,
  address: string,
  required: boolean,
): string | undefined {
  const url = address.trim();
  if (url === '') return required ? t('validation.Required') : undefined;
  const schemes = schemesOf(kind);
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0].toLowerCase();
  if (scheme ? !schemes.includes(scheme) : kind === 'mqtt')
    return t('control.AddressScheme', { schemes: schemes.join(', ') });
  if (url.includes('#')) return t('control.AddressNoHash');
  try {
    new URL(scheme ? url : `http://${url}`);
  } catch {
    return t('control.AddressInvalid');
  }
  if (kind === 'mqtt' && new URL(url).pathname.replace(/^\//, '') === '') return t('control.TopicWanted');
  return undefined;
}

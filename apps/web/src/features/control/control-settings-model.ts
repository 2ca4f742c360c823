// The controller's settings as the screen edits them, and back to what the server takes:
// the meter as a type, an address and (where the type needs one) a path; the inverters as
// "all" or a checkbox each; the fallback as "the limits from before" or a total. The bounds
// are the contract's, the server's check stays the last word.
import {
  CONTROL_LIMITS,
  type ControlAnswer,
  type ControlMeterKind,
  type ControlSettingsBody,
  type InverterListResponse,
} from '@opendtu/api';
import type { FormErrors } from '../../components/form/use-config-form';
import type { Translator } from '../../i18n/runtime';
import { meterAddressError, pathWanted } from '../../lib/meter-form';
import { numberBetween } from '../../lib/validate';

export interface ControlSettingsForm {
  enabled: boolean;
  kind: ControlMeterKind;
  /** As the server showed it: a masked password keeps the saved one. */
  url: string;
  /** '' for none. */
  path: string;
  poll_s: number;
  target_w: number;
  band_w: number;
  interval_s: number;
  all: boolean;
  /** The chosen inverters while not `all`. */
  serials: string[];
  fallback_before: boolean;
  fallback_w: number;
  wait_out_switching: boolean;
  /** The inverters to choose from (the device's, and any saved one it no longer has); not sent. */
  choices: { serial: string; name: string }[];
}

// The meter's fields are shared with the grid meter's screen (lib/meter-form.ts).
export { KIND_KEY, pathWanted, schemesOf } from '../../lib/meter-form';

export function toForm(answer: ControlAnswer, list: InverterListResponse): ControlSettingsForm {
  const { settings } = answer;
  const choices = list.inverter.map(({ serial, name }) => ({ serial, name }));
  const chosen = settings.inverters === 'all' ? [] : settings.inverters;
  for (const serial of chosen)
    if (!choices.some((choice) => choice.serial.toLowerCase() === serial.toLowerCase()))
      choices.push({ serial, name: serial });
  return {
    enabled: settings.enabled,
    kind: settings.meter.kind,
    url: settings.meter.url,
    path: settings.meter.path ?? '',
    poll_s: settings.poll_s,
    target_w: settings.target_w,
    band_w: settings.band_w,
    interval_s: settings.interval_s,
    all: settings.inverters === 'all',
    // The device's own spelling, so its checkbox shows checked.
    serials: chosen.map(
      (serial) => choices.find((choice) => choice.serial.toLowerCase() === serial.toLowerCase())!.serial,
    ),
    fallback_before: settings.fallback === 'before',
    fallback_w: settings.fallback === 'before' ? 0 : settings.fallback,
    wait_out_switching: settings.wait_out_switching,
    choices,
  };
}

export function toBody(form: ControlSettingsForm): ControlSettingsBody {
  const path = form.path.trim();
  return {
    enabled: form.enabled,
    meter: { kind: form.kind, url: form.url.trim(), path: pathWanted(form.kind) && path ? path : null },
    target_w: form.target_w,
    band_w: form.band_w,
    interval_s: form.interval_s,
    poll_s: form.poll_s,
    inverters: form.all ? 'all' : form.serials,
    fallback: form.fallback_before ? 'before' : form.fallback_w,
    wait_out_switching: form.wait_out_switching,
  };
}

/** The server's bounds and rules, checked before anything is sent. */
export function validateControlSettings(
  t: Translator['t'],
  form: ControlSettingsForm,
): FormErrors<ControlSettingsForm> {
  const { target_w, band_w, interval_s, poll_s, fallback_w } = CONTROL_LIMITS;
  const errors: Record<string, string | undefined> = {
    url: meterAddressError(t, form.kind, form.url, form.enabled),
    path:
      pathWanted(form.kind) === 'required' && form.path.trim() === '' ? t('validation.Required') : undefined,
    target_w: numberBetween(t, form.target_w, target_w.min, target_w.max),
    band_w: numberBetween(t, form.band_w, band_w.min, band_w.max),
    interval_s: numberBetween(t, form.interval_s, interval_s.min, interval_s.max, true),
    poll_s: numberBetween(t, form.poll_s, poll_s.min, poll_s.max, true),
    serials: !form.all && form.serials.length === 0 ? t('control.ChooseInverter') : undefined,
    fallback_w: form.fallback_before
      ? undefined
      : numberBetween(t, form.fallback_w, fallback_w.min, fallback_w.max),
  };
  return errors as FormErrors<ControlSettingsForm>;
}

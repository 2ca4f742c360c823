// The grid meter's settings as the screen edits them, and back to what the server takes:
// read a meter or none; its type, address and (where the type needs one) path.
import type { ControlMeterKind, MeterSettingsAnswer, MeterSettingsBody } from '@opendtu/api';
import type { FormErrors } from '../../components/form/use-config-form';
import type { Translator } from '../../i18n/runtime';
import { meterAddressError, pathWanted } from '../../lib/meter-form';

export interface MeterSettingsForm {
  enabled: boolean;
  kind: ControlMeterKind;
  /** As the server showed it: a masked password keeps the saved one. */
  url: string;
  /** '' for none. */
  path: string;
  /** Zero export's meter, offered to take over; not sent. */
  control: MeterSettingsAnswer['control_meter'];
  /** Where the settings come from; not sent. */
  source: MeterSettingsAnswer['source'];
}

export function toForm(answer: MeterSettingsAnswer): MeterSettingsForm {
  const meter = answer.settings.meter;
  return {
    enabled: meter !== null,
    kind: meter?.kind ?? answer.control_meter?.kind ?? 'shelly-pro-3em',
    url: meter?.url ?? '',
    path: meter?.path ?? '',
    control: answer.control_meter,
    source: answer.source,
  };
}

export function toBody(form: MeterSettingsForm): MeterSettingsBody {
  const path = form.path.trim();
  return {
    meter: form.enabled
      ? { kind: form.kind, url: form.url.trim(), path: pathWanted(form.kind) && path ? path : null }
      : null,
  };
}

/** The server's rules, checked before anything is sent. */
export function validateMeterSettings(
  t: Translator['t'],
  form: MeterSettingsForm,
): FormErrors<MeterSettingsForm> {
  if (!form.enabled) return {};
  const errors: Record<string, string | undefined> = {
    url: meterAddressError(t, form.kind, form.url, true),
    path:
      pathWanted(form.kind) === 'required' && form.path.trim() === '' ? t('validation.Required') : undefined,
  };
  return errors as FormErrors<MeterSettingsForm>;
}

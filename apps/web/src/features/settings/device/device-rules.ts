import type { DeviceConfig } from '@opendtu/api';
import type { FormErrors } from '../../../components/form/use-config-form';
import type { Translator } from '../../../i18n/runtime';
import { lengthBetween, numberBetween } from '../../../lib/validate';

export const DIAGRAM_DURATION_MIN = 600;
export const DIAGRAM_DURATION_MAX = 86400;
/** The device keeps a profile name in 63 bytes (contract §4.4, code 12001). */
export const PROFILE_NAME_MAX = 63;

/** The spec's device rules (§5, §9); selects and sliders cannot leave their ranges. */
export function deviceErrors(t: Translator['t'], values: DeviceConfig): FormErrors<DeviceConfig> {
  const errors: FormErrors<DeviceConfig> = {
    'curPin.name': lengthBetween(t, values.curPin.name, 1, PROFILE_NAME_MAX),
    'display.diagramduration': numberBetween(
      t,
      values.display.diagramduration,
      DIAGRAM_DURATION_MIN,
      DIAGRAM_DURATION_MAX,
    ),
    'display.contrast': numberBetween(t, values.display.contrast, 0, 100),
  };
  values.led.forEach((led, index) => {
    errors[`led.${index}.brightness`] = numberBetween(t, led.brightness, 0, 100);
  });
  return errors;
}

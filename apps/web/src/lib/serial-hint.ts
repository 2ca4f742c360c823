// What the serial input tells a person about the text they typed (spec §5 "Serial
// input"): the detected format, the serial the device will get, and the inverter family
// that serial maps to, so a typo shows before anything is saved. Pure: the caller
// translates `key` with `params`.
import { classifySerialInput, familyOf, parseSerial } from '@opendtu/api';

export type SerialTone = 'success' | 'warning' | 'danger';

export interface SerialHint {
  /** inputserial.* message key; undefined for an empty field (no hint). */
  key?: string;
  params?: Record<string, string>;
  tone?: SerialTone;
  /** The family `type` string, e.g. 'HMS-600/700/800/900/1000-2T'; undefined when none. */
  family?: string;
  /** The text to send to the device; undefined when the input must not be sent. */
  serial?: string;
}

export function describeSerial(text: string): SerialHint {
  const input = classifySerialInput(text);
  switch (input.kind) {
    case 'empty':
      return {};
    case 'unknown':
      return { key: 'inputserial.format_unknown', tone: 'danger' };
    case 'herf':
      if (!input.valid) return { key: 'inputserial.format_herf_invalid', tone: 'danger' };
      return withFamily({
        key: 'inputserial.format_herf_valid',
        params: { serial: input.serial.toUpperCase() },
        serial: input.serial,
      });
    case 'hoymiles':
      return withFamily({ key: 'inputserial.format_hoymiles', serial: input.serial });
    case 'converted':
      return withFamily({ key: 'inputserial.format_converted', serial: input.serial });
  }
}

// A serial of no known family is still stored by the device, but never polled: worth a
// warning rather than a refusal.
function withFamily(hint: SerialHint & { serial: string }): SerialHint {
  if (parseSerial(hint.serial) === 0) return { key: 'apiresponse.4001', tone: 'danger' };
  const family = familyOf(hint.serial)?.type;
  return { ...hint, family, tone: family ? 'success' : 'warning' };
}

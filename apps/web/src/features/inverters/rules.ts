import type { InverterEditRequest, InverterListEntry } from '@opendtu/api';
import { INVERTER_NAME_MAX_LENGTH } from '@opendtu/api';
import type { Translator } from '../../i18n/runtime';
import { describeSerial } from '../../lib/serial-hint';
import { lengthBetween, numberBetween } from '../../lib/validate';

type T = Translator['t'];

/** Channel peak power is stored as a 16-bit number of watts (contract §4.7). */
export const MAX_POWER_LIMIT = 65535;
/** No real offset comes near; the bound only keeps typos out. */
export const YIELD_OFFSET_LIMIT = 999999;
export const STRING_NAME_MAX_LENGTH = 31;

/** Required, and a format the device can take (spec §5: serial required, not zero). */
export function serialError(t: T, text: string): string | undefined {
  if (text.trim() === '') return t('validation.Required');
  const hint = describeSerial(text);
  if (hint.serial !== undefined) return undefined;
  return hint.key === 'apiresponse.4001'
    ? t(hint.key)
    : `${t(hint.key ?? 'inputserial.format_unknown')} ${t('inverteradmin.SerialInvalid')}`;
}

export const nameError = (t: T, name: string) => lengthBetween(t, name, 1, INVERTER_NAME_MAX_LENGTH);

export interface ChannelErrors {
  name?: string | undefined;
  max_power?: string | undefined;
  yield_total_offset?: string | undefined;
}

export interface InverterErrors {
  serial?: string | undefined;
  name?: string | undefined;
  reachable_threshold?: string | undefined;
  channel: ChannelErrors[];
}

export function validateInverter(t: T, values: InverterListEntry): InverterErrors {
  return {
    serial: serialError(t, values.serial),
    name: nameError(t, values.name),
    reachable_threshold: numberBetween(t, values.reachable_threshold, 1, 100),
    channel: values.channel.map((channel) => ({
      name: lengthBetween(t, channel.name, 0, STRING_NAME_MAX_LENGTH),
      max_power: numberBetween(t, channel.max_power, 0, MAX_POWER_LIMIT),
      yield_total_offset: numberBetween(t, channel.yield_total_offset, 0, YIELD_OFFSET_LIMIT, true),
    })),
  };
}

export function hasErrors(errors: InverterErrors): boolean {
  const { channel, ...rest } = errors;
  return Object.values(rest).some(Boolean) || channel.some((item) => Object.values(item).some(Boolean));
}

/** The whole inverter as the device wants it back (it resets flags that are left out). */
export function toEditRequest(values: InverterListEntry): InverterEditRequest {
  return {
    id: values.id,
    serial: describeSerial(values.serial).serial ?? values.serial,
    name: values.name,
    channel: values.channel.map(({ name, max_power, yield_total_offset }) => ({
      name,
      max_power,
      yield_total_offset,
    })),
    poll_enable: values.poll_enable,
    poll_enable_night: values.poll_enable_night,
    command_enable: values.command_enable,
    command_enable_night: values.command_enable_night,
    reachable_threshold: values.reachable_threshold,
    zero_runtime: values.zero_runtime,
    zero_day: values.zero_day,
    clear_eventlog: values.clear_eventlog,
    yieldday_correction: values.yieldday_correction,
  };
}

/** The list in display order (the device lists slots; spec: sorted by order ascending). */
export function byOrder(list: readonly InverterListEntry[]): InverterListEntry[] {
  return [...list].sort((a, b) => a.order - b.order || a.id - b.id);
}

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const result = [...list];
  const [item] = result.splice(from, 1);
  if (item !== undefined) result.splice(to, 0, item);
  return result;
}

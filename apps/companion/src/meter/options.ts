/**
 * The grid meter's option (issue 45): `--meter <m>` (OPENDTU_METER, `meter = ...` in the
 * config file), the same forms as `--control-meter`. With several devices a meter alone is
 * the plant's (one house); `name=<m>` is the named device's own. Several in one value
 * apart by spaces, as the devices are. Errors name the option as its author wrote it.
 */
import type { OptionReader } from '../config/areas';
import { asConfigError } from '../config/config-error';
import { MeterSpecError, parseMeterSpec, type MeterSpec } from './meter-spec';

export const METER_OPTIONS = { meter: 'list' } as const;

export const METER_USAGE = `  --meter <m>         the house's grid meter, read whether or not zero export runs: its
                      power now beside the production, and the energy taken from and fed
                      into the grid recorded by day, month and year (same forms as
                      --control-meter; zero export on the same meter reads it once)
  --meter <name=m>    with several devices: that device's own meter (without a name a
                      meter is the plant's, one house)`;

export class MeterOptionError extends Error {}

/** One meter of the option: the device it belongs to (undefined: the device, or the plant). */
export interface MeterEntry {
  device: string | undefined;
  spec: MeterSpec;
}

/** `name=` before a meter, when what stands before the `=` cannot belong to a URL or kind (no `:` or `/`). */
const NAMED = /^([^=:/]*)=(.*)$/s;

/**
 * The meters of the option's value, each with the device name it was given (`name=`) or
 * none; whether the names are devices is checked once the devices are known
 * (`checkMeterOwners`).
 */
export function parseMeterOption(where: string, text: string): MeterEntry[] {
  const entries: MeterEntry[] = [];
  for (const part of text.split(/\s+/).filter((part) => part !== '')) {
    const named = NAMED.exec(part);
    let spec: MeterSpec;
    try {
      spec = parseMeterSpec(named ? named[2]! : part);
    } catch (error) {
      if (error instanceof MeterSpecError) throw new MeterOptionError(`${where}: ${error.message}`);
      throw error;
    }
    entries.push({ device: named?.[1], spec });
  }
  if (entries.length === 0)
    throw new MeterOptionError(`${where} is empty: give the meter, e.g. shelly-pro-3em:http://192.168.1.60`);
  return entries;
}

/**
 * The meters' owners against the devices (`devices`: their names; none for the demo): a
 * name must be a device's; one device owns the meter given, named or not; with several a
 * meter without a name is the plant's. Each owner has one meter.
 */
export function checkMeterOwners(
  where: string,
  entries: readonly MeterEntry[],
  devices: readonly string[],
): MeterEntry[] {
  const one = devices.length <= 1;
  const owned = entries.map((entry) => {
    if (entry.device !== undefined && !devices.includes(entry.device))
      throw new MeterOptionError(
        `${where}: ${entry.device}= names no device (${devices.length ? `the devices are ${devices.join(', ')}` : 'name the devices with --device name=url'})`,
      );
    return { ...entry, device: one ? devices[0] : entry.device };
  });
  const owners = owned.map((entry) => entry.device);
  const twice = owners.find((owner, index) => owners.indexOf(owner) !== index);
  if (owners.length !== new Set(owners).size)
    throw new MeterOptionError(
      `${where}: ${twice === undefined ? 'the plant' : twice} is given two meters; a house has one`,
    );
  return owned;
}

/** The area's reader (config/areas.ts). */
export function readMeterOptions({ where, text }: OptionReader<keyof typeof METER_OPTIONS>) {
  const value = text('meter');
  return {
    /** The grid meters (--meter), each with the device name it was given; none: no meter. */
    meters:
      value === undefined
        ? []
        : asConfigError(MeterOptionError, () => parseMeterOption(where('meter'), value)),
  };
}

/** The owners checked (cli.ts, once the devices are known); a ConfigError naming the option. */
export const meterOwners = (where: string, entries: readonly MeterEntry[], devices: readonly string[]) =>
  asConfigError(MeterOptionError, () => checkMeterOwners(where, entries, devices));

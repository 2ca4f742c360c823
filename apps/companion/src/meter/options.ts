/**
 * The grid meter's option (issue 45): `--meter <m>` (OPENDTU_METER, `meter = ...` in the
 * config file), the same forms as `--control-meter`. With several devices a meter alone is
 * the plant's (one house); `name=<m>` is the named device's own. Several in one value
 * apart by spaces, as the devices are. Errors name the option as its author wrote it.
 */
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
 * The meters of the option's value (its parts as given on the command line), checked
 * against the devices' names (`devices`: none for the demo's one device).
 */
export function parseMeterOption(
  where: string,
  parts: readonly string[],
  devices: readonly string[],
): MeterEntry[] {
  const entries: MeterEntry[] = [];
  for (const text of parts.flatMap((part) => part.split(/\s+/)).filter((part) => part !== '')) {
    const named = NAMED.exec(text);
    const device = named?.[1];
    const specText = named ? named[2]! : text;
    if (device !== undefined && !devices.includes(device))
      throw new MeterOptionError(
        `${where}: ${device}= names no device (${devices.length ? `the devices are ${devices.join(', ')}` : 'name the devices with --device name=url'})`,
      );
    let spec: MeterSpec;
    try {
      spec = parseMeterSpec(specText);
    } catch (error) {
      if (error instanceof MeterSpecError) throw new MeterOptionError(`${where}: ${error.message}`);
      throw error;
    }
    // With one device a meter alone is that device's.
    const owner = device ?? (devices.length === 1 ? devices[0] : undefined);
    if (entries.some((entry) => entry.device === owner))
      throw new MeterOptionError(
        `${where}: ${owner === undefined ? 'the plant' : owner} is given two meters; each house has one`,
      );
    entries.push({ device: owner, spec });
  }
  if (entries.length === 0)
    throw new MeterOptionError(`${where} is empty: give the meter, e.g. shelly-pro-3em:http://192.168.1.60`);
  return entries;
}

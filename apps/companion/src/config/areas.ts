/**
 * The feature areas' own options, in one list. Each area gives its option names (the same
 * on the command line, in the environment and in the config file), its lines of --help and
 * what it reads from them into CompanionOptions. A new area writes these in its own
 * options file and adds one entry to AREAS.
 */
import { ALERT_OPTIONS, ALERT_USAGE, readAlertOptions } from '../alerts/options';
import { CONTROL_OPTIONS, CONTROL_USAGE, readControlOptions } from '../control/options';
import { METER_OPTIONS, METER_USAGE, readMeterOptions } from '../meter/options';
import { MODBUS_OPTIONS, MODBUS_USAGE, readModbusOptions } from '../modbus/options';
import type { OptionKind } from './options';

/** How an area reads its options; errors are ConfigErrors naming the option as its author wrote it. */
export interface OptionReader<Name extends string = string> {
  /** The option as its author wrote it: `--port`, `OPENDTU_PORT`, `port (file line 3)`. */
  where: (name: Name) => string;
  /** Its value; undefined: not set. */
  text: (name: Name) => string | undefined;
  /** A file's path, relative to where it was written; `fallback` relative to the working folder. */
  path: (name: Name | 'data', fallback: string) => string;
  numberOf: (where: string, text: string, min: number, max: number, whole: boolean) => number;
}

export const AREAS = [
  { options: ALERT_OPTIONS, usage: ALERT_USAGE, read: readAlertOptions },
  { options: CONTROL_OPTIONS, usage: CONTROL_USAGE, read: readControlOptions },
  { options: METER_OPTIONS, usage: METER_USAGE, read: readMeterOptions },
  { options: MODBUS_OPTIONS, usage: MODBUS_USAGE, read: readModbusOptions },
] as const satisfies readonly {
  options: Record<string, OptionKind>;
  usage: string;
  read: (reader: OptionReader) => object;
}[];

type Area = (typeof AREAS)[number];
type Union<T> = T extends unknown ? (x: T) => void : never;
type Intersection<T> = Union<T> extends (x: infer I) => void ? I : never;

/** What every area read, together. */
export type AreaOptions = Intersection<Area extends unknown ? ReturnType<Area['read']> : never>;
type AreaOptionNames = Area extends unknown ? keyof Area['options'] : never;

export const AREA_OPTIONS = Object.assign({}, ...AREAS.map((area) => area.options)) as Record<
  AreaOptionNames,
  OptionKind
> &
  Intersection<Area extends unknown ? Area['options'] : never>;

export const AREA_USAGE = AREAS.map((area) => area.usage).join('\n');

export const readAreas = (reader: OptionReader): AreaOptions =>
  Object.assign({}, ...AREAS.map((area) => area.read(reader))) as AreaOptions;

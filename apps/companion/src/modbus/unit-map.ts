/**
 * Which unit id answers for which inverter (issue 44): kept per serial, so reordering,
 * renaming or adding inverters never moves one, and an inverter deleted from its DTU gets
 * its unit back when it returns. A new inverter takes the lowest free id; 126 is the
 * plant's. Pure; unit-file.ts keeps it in the data folder.
 */
import { MODBUS_PLANT_UNIT, type ModbusPhase } from '@opendtu/api';

/** Modbus unit ids a server may answer at (0 is broadcast, above 247 reserved). */
export const FIRST_UNIT = 1;
export const LAST_UNIT = 247;

export interface UnitEntry {
  /** Hex, upper case as the DTU writes it. */
  serial: string;
  unit: number;
  /** The phase a single-phase inverter feeds (the plant's model 103). */
  phase: ModbusPhase;
  /** The device that listed it last, and its name there: it keeps answering while that device is away. */
  device?: string;
  name?: string;
}

/** An inverter a device lists now. */
export interface Listed {
  serial: string;
  device: string;
  name: string;
}

const sameSerial = (a: string, b: string): boolean => a.toUpperCase() === b.toUpperCase();

export interface Assignment {
  entries: UnitEntry[];
  /** Entries given now. */
  added: UnitEntry[];
  /** Serials that found no free unit id. */
  unplaced: string[];
}

/**
 * Gives every inverter not yet in `saved` the lowest free unit id, in the order given, and
 * notes where each is listed now; `changed` says whether anything is to be saved.
 */
export function assignUnits(
  saved: readonly UnitEntry[],
  listed: readonly Listed[],
): Assignment & { changed: boolean } {
  let changed = false;
  const entries = saved.map((entry) => {
    const now = listed.find((inverter) => sameSerial(inverter.serial, entry.serial));
    if (!now || (now.device === entry.device && now.name === entry.name)) return entry;
    changed = true;
    return { ...entry, device: now.device, name: now.name };
  });
  const added: UnitEntry[] = [];
  const unplaced: string[] = [];
  const taken = new Set(entries.map((entry) => entry.unit));
  let next = FIRST_UNIT;
  for (const { serial, device, name } of listed) {
    if (entries.some((entry) => sameSerial(entry.serial, serial))) continue;
    while (next <= LAST_UNIT && (taken.has(next) || next === MODBUS_PLANT_UNIT)) next += 1;
    if (next > LAST_UNIT) {
      unplaced.push(serial);
      continue;
    }
    const entry: UnitEntry = { serial, unit: next, phase: 'L1', device, name };
    taken.add(next);
    entries.push(entry);
    added.push(entry);
  }
  return { entries, added, unplaced, changed: changed || added.length > 0 };
}

export function unitOf(entries: readonly UnitEntry[], serial: string): UnitEntry | undefined {
  return entries.find((entry) => sameSerial(entry.serial, serial));
}

/** The saved file's entries, checked whole; a string says what is wrong. */
export function readUnitEntries(data: unknown): UnitEntry[] | string {
  const list = (data as { inverters?: unknown } | null)?.inverters;
  if (!Array.isArray(list)) return 'it has no list of inverters';
  const units = new Set<number>();
  const serials = new Set<string>();
  for (const item of list as Partial<UnitEntry>[]) {
    if (typeof item?.serial !== 'string' || !/^[0-9a-f]{1,16}$/i.test(item.serial))
      return `${String(item?.serial)} is not an inverter serial`;
    if (
      typeof item.unit !== 'number' ||
      !Number.isInteger(item.unit) ||
      item.unit < FIRST_UNIT ||
      item.unit > LAST_UNIT ||
      item.unit === MODBUS_PLANT_UNIT
    )
      return `${item.serial} has unit ${String(item.unit)}: a unit is from ${FIRST_UNIT} to ${LAST_UNIT}, not ${MODBUS_PLANT_UNIT}`;
    if (item.phase !== 'L1' && item.phase !== 'L2' && item.phase !== 'L3')
      return `${item.serial} has phase ${String(item.phase)}: L1, L2 or L3`;
    if (
      (item.device !== undefined && typeof item.device !== 'string') ||
      (item.name !== undefined && typeof item.name !== 'string')
    )
      return `${item.serial} has a device or name that is not text`;
    if (units.has(item.unit)) return `unit ${item.unit} is given twice`;
    if (serials.has(item.serial.toUpperCase())) return `${item.serial} is listed twice`;
    units.add(item.unit);
    serials.add(item.serial.toUpperCase());
  }
  return list as UnitEntry[];
}

/**
 * What each emulated inverter is: the model within its family (picked from the serial),
 * the hardware part number it reports, its firmware, nominal power and input limits
 * (inverters.md §1.3, §5.4, §8.2 step 6).
 */
import { serialLow32, type InverterFamily, type InverterFamilyId } from '@opendtu/api';

export interface InverterSpec {
  family: InverterFamily;
  /** Nominal AC power in W (also what a HERF-300 has, although its part number is unknown). */
  nominalPower: number;
  /** The 32-bit part number device info reports. */
  partNumber: number;
  bootloaderVersion: number;
  fwBuildVersion: number;
  /** "YYYY-MM-DD HH:MM:00", UTC. */
  fwBuildDateTime: string;
  hwVersion: string;
  /** Largest DC current one input can take, A. */
  maxInputCurrent: number;
  /** DC voltage the inverter needs to start, V. */
  startVoltage: number;
}

type Firmware = Pick<InverterSpec, 'bootloaderVersion' | 'fwBuildVersion' | 'fwBuildDateTime' | 'hwVersion'>;

interface FamilyCatalog {
  /** [nominal W, part number]; the model is picked by the serial's low 32 bits modulo the count. */
  models: readonly (readonly [number, number])[];
  firmware: Firmware;
  maxInputCurrent: number;
  startVoltage: number;
}

const fw = (bootloaderVersion: number, fwBuildVersion: number, fwBuildDateTime: string): Firmware => ({
  bootloaderVersion,
  fwBuildVersion,
  fwBuildDateTime,
  hwVersion: '01.00',
});

// Part numbers: observed ones where inverters.md §1.3 lists them, else the table bytes
// followed by 01 as its recommendation says. HMS-4T runs 1.1.12, so it has PDL.
const CATALOG: Record<InverterFamilyId, FamilyCatalog> = {
  HM_1CH: {
    models: [
      [300, 0x10101001],
      [350, 0x10102001],
      [400, 0x10103002],
    ],
    firmware: fw(102, 10014, '2021-12-09 10:27:00'),
    maxInputCurrent: 11.5,
    startVoltage: 22,
  },
  HM_2CH: {
    models: [
      [600, 0x10111001],
      [700, 0x10112001],
      [800, 0x10113002],
    ],
    firmware: fw(104, 10010, '2021-11-01 08:14:00'),
    maxInputCurrent: 11.5,
    startVoltage: 22,
  },
  HM_4CH: {
    models: [
      [1200, 0x10121001],
      [1500, 0x10123001],
    ],
    firmware: fw(100, 10018, '2021-12-24 18:21:00'),
    maxInputCurrent: 10.5,
    startVoltage: 22,
  },
  HMS_1CH: {
    models: [
      [300, 0x10201101],
      [350, 0x10202101],
      [400, 0x10204101],
      [450, 0x10205101],
      [500, 0x10107101],
    ],
    firmware: fw(1, 10012, '2022-06-14 11:02:00'),
    maxInputCurrent: 13,
    startVoltage: 20,
  },
  HMS_1CHv2: {
    models: [
      [450, 0x10205102],
      [500, 0x10207101],
    ],
    firmware: fw(1, 10016, '2023-09-05 15:40:00'),
    maxInputCurrent: 14,
    startVoltage: 20,
  },
  HMS_2CH: {
    models: [
      [600, 0x10211101],
      [700, 0x10212101],
      [800, 0x10214101],
      [900, 0x10215101],
      [1000, 0x10217101],
    ],
    firmware: fw(1, 10014, '2022-11-22 09:51:00'),
    maxInputCurrent: 14,
    startVoltage: 20,
  },
  HMS_4CH: {
    models: [
      [1600, 0x10224101],
      [1800, 0x10225101],
      [2000, 0x10127101],
    ],
    firmware: fw(1, 10112, '2023-04-18 14:05:00'),
    maxInputCurrent: 14,
    startVoltage: 20,
  },
  HMT_4CH: {
    models: [
      [1600, 0x10324101],
      [1800, 0x10325101],
      [2000, 0x10327101],
    ],
    firmware: fw(1, 10015, '2023-03-14 09:12:00'),
    maxInputCurrent: 13,
    startVoltage: 20,
  },
  HMT_6CH: {
    models: [
      [1800, 0x10331101],
      [2250, 0x10333101],
    ],
    firmware: fw(1, 10015, '2023-03-14 09:12:00'),
    maxInputCurrent: 11.5,
    startVoltage: 20,
  },
  // The HERF-300 has no entry in the device's part-number table: it shows as an unknown
  // model (max_power 0, limit_absolute -1), exactly as a real one does.
  HERF_1CH: {
    models: [[300, 0xf1010401]],
    firmware: fw(1, 10012, '2023-07-20 16:30:00'),
    maxInputCurrent: 11.5,
    startVoltage: 22,
  },
  HERF_2CH: {
    models: [
      [600, 0xf1011001],
      [800, 0xf1011401],
    ],
    firmware: fw(1, 10012, '2023-07-20 16:30:00'),
    maxInputCurrent: 11.5,
    startVoltage: 22,
  },
  HERF_4CH: {
    models: [
      [1600, 0xf1012401],
      [1800, 0xf1012201],
    ],
    firmware: fw(1, 10012, '2023-07-20 16:30:00'),
    maxInputCurrent: 11.5,
    startVoltage: 22,
  },
};

/** The spec of the inverter with this serial, in its (already matched) family. */
export function specFor(serial: number, family: InverterFamily): InverterSpec {
  const entry = CATALOG[family.id];
  const [nominalPower, partNumber] = entry.models[serialLow32(serial) % entry.models.length] ??
    entry.models[0] ?? [0, 0];
  return {
    family,
    nominalPower,
    partNumber,
    ...entry.firmware,
    maxInputCurrent: entry.maxInputCurrent,
    startVoltage: entry.startVoltage,
  };
}

/** Peak power of the module assumed on an input whose `max_power` is not configured. */
export function defaultModuleWp(spec: InverterSpec): number {
  return Math.round(((spec.nominalPower / spec.family.dcInputs) * 1.15) / 10) * 10;
}

import { parseSerial, serialLow32, serialPrefix } from './serial';

/**
 * Inverter families (contract §5.1, inverters.md §1.1). The device picks the family from
 * the serial alone; the exact model and its power come later from device info.
 */
export type InverterFamilyId =
  | 'HMT_4CH'
  | 'HMT_6CH'
  | 'HMS_4CH'
  | 'HMS_2CH'
  | 'HMS_1CH'
  | 'HMS_1CHv2'
  | 'HM_4CH'
  | 'HM_2CH'
  | 'HM_1CH'
  | 'HERF_1CH'
  | 'HERF_2CH'
  | 'HERF_4CH';

export interface InverterFamily {
  id: InverterFamilyId;
  /** Exactly the `type` string of `/api/inverter/list`. */
  type: string;
  radio: 'nrf' | 'cmt';
  dcInputs: 1 | 2 | 4 | 6;
  acPhases: 1 | 3;
  /** Pairs of DC inputs report one shared voltage (one MPPT per pair). */
  pairedVoltage: boolean;
}

/** The list's `type` for a serial that matches no family (it then has 6 channels). */
export const UNKNOWN_INVERTER_TYPE = 'Unknown';

type Rule = readonly [InverterFamily, (prefix: number) => boolean];

// HM families test the middle two of the four prefix digits, so e.g. 0x1124 would also
// pass the HM 1T test; checking HMT and HMS first is what keeps those out of HM.
const middle = (prefix: number): number => (prefix >> 4) & 0xff;

const RULES: readonly Rule[] = [
  [
    {
      id: 'HMT_4CH',
      type: 'HMT-1600/1800/2000-4T',
      radio: 'cmt',
      dcInputs: 4,
      acPhases: 3,
      pairedVoltage: true,
    },
    (p) => p === 0x1361,
  ],
  [
    { id: 'HMT_6CH', type: 'HMT-1800/2250-6T', radio: 'cmt', dcInputs: 6, acPhases: 3, pairedVoltage: true },
    (p) => p === 0x1382,
  ],
  [
    {
      id: 'HMS_4CH',
      type: 'HMS-1600/1800/2000-4T',
      radio: 'cmt',
      dcInputs: 4,
      acPhases: 1,
      pairedVoltage: false,
    },
    (p) => p === 0x1164 || p === 0x1420,
  ],
  [
    {
      id: 'HMS_2CH',
      type: 'HMS-600/700/800/900/1000-2T',
      radio: 'cmt',
      dcInputs: 2,
      acPhases: 1,
      pairedVoltage: false,
    },
    (p) => p === 0x1144 || p === 0x1143 || p === 0x1410,
  ],
  [
    {
      id: 'HMS_1CH',
      type: 'HMS-300/350/400/450/500-1T',
      radio: 'cmt',
      dcInputs: 1,
      acPhases: 1,
      pairedVoltage: false,
    },
    (p) => p === 0x1124,
  ],
  [
    {
      id: 'HMS_1CHv2',
      type: 'HMS-450/500-1T v2',
      radio: 'cmt',
      dcInputs: 1,
      acPhases: 1,
      pairedVoltage: false,
    },
    (p) => p === 0x1125 || p === 0x1400,
  ],
  [
    {
      id: 'HM_4CH',
      type: 'HM-1000/1200/1500-4T',
      radio: 'nrf',
      dcInputs: 4,
      acPhases: 1,
      pairedVoltage: true,
    },
    (p) => middle(p) === 0x16 || p === 0x1062,
  ],
  [
    { id: 'HM_2CH', type: 'HM-600/700/800-2T', radio: 'nrf', dcInputs: 2, acPhases: 1, pairedVoltage: false },
    (p) => middle(p) === 0x14 || p === 0x1042,
  ],
  [
    { id: 'HM_1CH', type: 'HM-300/350/400-1T', radio: 'nrf', dcInputs: 1, acPhases: 1, pairedVoltage: false },
    (p) => middle(p) === 0x12 || p === 0x1022,
  ],
  [
    { id: 'HERF_1CH', type: 'HERF-300-1T', radio: 'nrf', dcInputs: 1, acPhases: 1, pairedVoltage: false },
    (p) => p === 0x2841,
  ],
  [
    { id: 'HERF_2CH', type: 'HERF-600/800-2T', radio: 'nrf', dcInputs: 2, acPhases: 1, pairedVoltage: false },
    (p) => p === 0x2821,
  ],
  [
    {
      id: 'HERF_4CH',
      type: 'HERF-1600/1800-4T',
      radio: 'nrf',
      dcInputs: 4,
      acPhases: 1,
      pairedVoltage: true,
    },
    (p) => p === 0x2801,
  ],
];

/** All families, in the device's order of checks. */
export const INVERTER_FAMILIES: readonly InverterFamily[] = RULES.map(([family]) => family);

function toSerial(serial: number | string): number {
  return typeof serial === 'string' ? parseSerial(serial) : serial;
}

/** The family of a serial (number, or hex text as on the wire); undefined = "Unknown". */
export function familyOf(serial: number | string): InverterFamily | undefined {
  const prefix = serialPrefix(toSerial(serial));
  return RULES.find(([, matches]) => matches(prefix))?.[0];
}

/** The family whose list `type` string this is. */
export function familyByType(type: string): InverterFamily | undefined {
  return INVERTER_FAMILIES.find((family) => family.type === type);
}

/** Lowest inverter firmware build with power distribution logic (HMS-4T only). */
export const PDL_MIN_FW_BUILD_VERSION = 10112;

/** `pdl_supported` of device info. */
export function pdlSupported(family: InverterFamily | undefined, fwBuildVersion: number): boolean {
  return family?.id === 'HMS_4CH' && fwBuildVersion >= PDL_MIN_FW_BUILD_VERSION;
}

/**
 * Production year and week as the web app derives them from the serial (inverters.md
 * §5.3): the 5th hex digit is the year after 2014, the 6th and 7th are the week, shown
 * as hex without a leading zero. Only the low 32 bits take part, because the reference
 * app uses 32-bit bit operations.
 */
export function productionDate(serial: number | string): { year: number; week: string } {
  const low = serialLow32(toSerial(serial));
  return {
    year: 2014 + ((low >>> 28) & 0xf),
    week: ((low >>> 20) & 0xff).toString(16),
  };
}

/** Inverter firmware and bootloader version numbers: 10012 is "1.0.12". */
export function formatVersion(version: number): string {
  const major = Math.floor(version / 10000);
  const minor = Math.floor((version % 10000) / 100);
  const patch = version % 100;
  return `${major}.${minor}.${patch}`;
}

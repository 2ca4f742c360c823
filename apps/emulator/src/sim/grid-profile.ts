/**
 * Grid profiles (inverters.md §4): the raw bytes an inverter reports and the device's
 * decoding of them for GET /api/gridprofile/status. The German profile is a real capture
 * (tbnobody/OpenDTU #900) with SPF switched off, as §4.4 recommends; other countries reuse
 * its settings under their own profile id (derived, not captured), CRC recomputed.
 */
import type { GridProfileStatus } from '@opendtu/api';
import { ITEMS, SECTION_ITEMS, SECTION_NAMES } from './grid-profile-tables';

const PROFILE_NAMES: ReadonlyMap<number, string> = new Map([
  [0x0200, 'US - NA_IEEE1547_240V'],
  [0x0300, 'DE - DE_VDE4105_2018'],
  [0x0301, 'DE - DE_VDE4105_2011'],
  [0x0a00, 'XX - EN 50549-1:2019'],
  [0x0c00, 'AT - AT_TOR_Erzeuger_default'],
  [0x0d04, 'XX - NF_EN_50549-1:2019'],
  [0x1000, 'ES - ES_RD1699'],
  [0x1200, 'PL - EU_EN50438'],
  [0x2900, 'NL - NL_NEN-EN50549-1_2019'],
  [0x3700, 'CH - CH_NA EEA-NE7-CH2020'],
]);

const GERMAN_DEFAULT = `
03 00 20 00 00 0A 08 FC 07 30 00 1E 0B 3B 00 01 04 0B 00 1E 09 E2 10 00 13 88 12 8E 00 01 14 1E 00 01
20 00 00 01 30 03 02 58 0A C8 07 A3 13 92 12 8E 40 00 07 D0 03 E8 50 08 00 01 13 9C 01 90 00 10 01 F6
13 74 70 02 00 01 27 10 80 00 00 00 08 5B 01 2C 08 B7 09 41 09 9D 01 2C 90 00 00 00 FF A6 B0 00 00 00
01 F4 00 5F A0 02 00 00 00 00 9E 60`;

const parseHex = (text: string): number[] =>
  text
    .trim()
    .split(/\s+/)
    .map((byte) => Number.parseInt(byte, 16));

/** CRC-16/MODBUS over all bytes but the last two, which receive it big-endian. */
export function withCrc(bytes: number[]): number[] {
  let crc = 0xffff;
  for (const byte of bytes.slice(0, -2)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return [...bytes.slice(0, -2), crc >> 8, crc & 0xff];
}

// Profile id by the time-zone description the user picked (the device has no country setting).
const PROFILE_BY_ZONE: ReadonlyMap<string, number> = new Map([
  ['Europe/Vienna', 0x0c00],
  ['Europe/Zurich', 0x3700],
  ['Europe/Amsterdam', 0x2900],
  ['Europe/Madrid', 0x1000],
  ['Europe/Warsaw', 0x1200],
  ['Europe/Paris', 0x0d04],
]);

/** The raw profile an inverter installed in that time zone reports. */
export function gridProfileFor(timezoneDescription: string): number[] {
  const bytes = parseHex(GERMAN_DEFAULT);
  const id = PROFILE_BY_ZONE.get(timezoneDescription);
  if (id === undefined) return bytes;
  bytes[0] = id >> 8;
  bytes[1] = id & 0xff;
  return withCrc(bytes);
}

const signed16 = (hi: number, lo: number): number => {
  const value = (hi << 8) | lo;
  return value >= 0x8000 ? value - 0x10000 : value;
};

/** The device's decoding (GridProfileParser), quirks included; "Unknown" before data. */
export function decodeGridProfile(raw: readonly number[]): GridProfileStatus {
  if (raw.length <= 6) return { name: 'Unknown', version: '0.0.0', sections: [] };
  const at = (i: number): number => raw[i] ?? 0;
  const name = PROFILE_NAMES.get((at(0) << 8) | at(1)) ?? 'Unknown';
  const version = `${at(2) >> 4}.${at(2) & 0x0f}.${at(3)}`;
  const sections: GridProfileStatus['sections'] = [];
  let pos = 4;
  while (pos < raw.length) {
    const sectionName = SECTION_NAMES.get(at(pos));
    if (sectionName === undefined) break;
    const itemIds = SECTION_ITEMS.get((at(pos) << 8) | at(pos + 1)) ?? [];
    pos += 2;
    // Items past the end read the zero-filled buffer, as on the device.
    const items = itemIds.map((id) => {
      const item = ITEMS.get(id) ?? { name: 'Unkown Value', unit: '', divider: 1 };
      const value = signed16(at(pos), at(pos + 1)) / item.divider;
      pos += 2;
      return { n: item.name, u: item.unit, v: value };
    });
    sections.push({ name: sectionName, items });
  }
  return { name, version, sections };
}

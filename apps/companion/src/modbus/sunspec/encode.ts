/**
 * SunSpec's register types and how a value becomes registers: integers scaled by their
 * scale factor (`value × 10^-SF`, rounded), strings two characters a register, and every
 * value that is not known as SunSpec's "not implemented" value of its type, never 0 (an
 * accumulator's "not implemented" is 0 by SunSpec's own rule). Pure.
 */

export type PointType =
  | 'uint16'
  | 'int16'
  | 'enum16'
  | 'bitfield16'
  | 'acc32'
  | 'uint32'
  | 'bitfield32'
  | 'sunssf'
  | 'string'
  | 'pad';

/** Registers of each type (a string's size is its point's own). */
export const TYPE_SIZE: Readonly<Record<Exclude<PointType, 'string'>, number>> = {
  uint16: 1,
  int16: 1,
  enum16: 1,
  bitfield16: 1,
  acc32: 2,
  uint32: 2,
  bitfield32: 2,
  sunssf: 1,
  pad: 1,
};

/** SunSpec's "not implemented" value of each type, as an unsigned number of its width. */
export const NOT_IMPLEMENTED: Readonly<Record<PointType, number>> = {
  uint16: 0xffff,
  int16: 0x8000,
  enum16: 0xffff,
  bitfield16: 0xffff,
  acc32: 0,
  uint32: 0xffffffff,
  bitfield32: 0xffffffff,
  sunssf: 0x8000,
  string: 0,
  pad: 0x8000,
};

/** The range a type's raw value may take (its "not implemented" value excluded). */
const RANGE: Readonly<Record<Exclude<PointType, 'string' | 'pad'>, readonly [number, number]>> = {
  uint16: [0, 0xfffe],
  int16: [-0x7fff, 0x7fff],
  enum16: [0, 0xfffe],
  bitfield16: [0, 0x7fff],
  acc32: [1, 0xffffffff],
  uint32: [0, 0xfffffffe],
  bitfield32: [0, 0x7fffffff],
  sunssf: [-10, 10],
};

/**
 * The raw integer of `value` in `type` scaled by `sf`, or the type's "not implemented"
 * when the value is unknown or does not fit (a value cut to fit would be a wrong value).
 */
export function rawOf(type: Exclude<PointType, 'string'>, value: number | undefined, sf = 0): number {
  if (type === 'pad' || value === undefined || !Number.isFinite(value)) return NOT_IMPLEMENTED[type];
  const raw = Math.round(value * 10 ** -sf);
  const [min, max] = RANGE[type];
  if (raw < min || raw > max) return NOT_IMPLEMENTED[type];
  return raw < 0 ? raw + 0x10000 : raw;
}

/** Writes `raw` (one or two registers, big-endian word order) at `at`. */
export function putRaw(registers: Uint16Array, at: number, size: number, raw: number): void {
  if (size === 2) {
    registers[at] = Math.floor(raw / 0x10000) & 0xffff;
    registers[at + 1] = raw & 0xffff;
  } else registers[at] = raw & 0xffff;
}

/**
 * A string in `size` registers: two characters each, the first in the high byte, padded
 * with NUL; what does not fit is cut, and anything beyond printable ASCII becomes `?`
 * (SunSpec strings are bytes; the clients show them as Latin text).
 */
export function putString(registers: Uint16Array, at: number, size: number, text: string | undefined): void {
  const chars = text ?? '';
  // Code points, not UTF-16 units: a letter beyond the BMP is one `?`, not two.
  let byte = 0;
  registers.fill(0, at, at + size);
  for (const char of chars) {
    if (byte >= size * 2) break;
    const code = char.codePointAt(0)!;
    const value = code >= 0x20 && code <= 0x7e ? code : 0x3f;
    registers[at + (byte >> 1)]! |= byte % 2 === 0 ? value << 8 : value;
    byte += 1;
  }
}

/** The signed value of a register (int16, sunssf). */
export const signed16 = (register: number): number => (register >= 0x8000 ? register - 0x10000 : register);

/**
 * The smallest scale factor from `least` up at which `max` fits the type (W of a large
 * plant in an int16: 10 W steps rather than a value that does not fit).
 */
export function scaleFor(max: number, type: 'int16' | 'uint16', least = 0): number {
  const limit = type === 'int16' ? 0x7fff : 0xfffe;
  let sf = least;
  while (Math.abs(max) * 10 ** -sf > limit && sf < 10) sf += 1;
  return sf;
}

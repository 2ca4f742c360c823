/**
 * Inverter and DTU serials: 48-bit numbers, lowercase hex on the wire, decimal integers
 * in config.json (contract §0.6). Every 48-bit value is a safe JavaScript integer, so
 * plain number arithmetic is exact here; bitwise operators are avoided above 32 bits
 * because they truncate to 32.
 */

export const SERIAL_BITS = 48;
/** One past the largest serial this package handles (2^48). */
export const SERIAL_LIMIT = 2 ** SERIAL_BITS;

const TWO_32 = 2 ** 32;

function hexDigitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x41 + 10;
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10;
  return -1;
}

// The C locale's isspace() set, which strtoll skips before the number.
function isCSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/**
 * Reads a serial the way the device does (`strtoll(text, NULL, 16)`): leading
 * whitespace, an optional sign and an optional `0x`/`0X` are accepted, and reading stops
 * at the first character that is not a hex digit. Nothing readable gives 0, which the
 * device reports as "serial zero".
 *
 * Deviation, by design: a result that is negative or does not fit in 48 bits also gives
 * 0. The device would keep such a value as a 64-bit number (e.g. `-1` becomes
 * 0xffffffffffffffff); no inverter or DTU has one, and returning 0 lets every caller
 * reject it through the existing "serial zero" path instead of storing a value that a
 * JavaScript number cannot hold exactly.
 */
export function parseSerial(text: string): number {
  let i = 0;
  while (i < text.length && isCSpace(text.charCodeAt(i))) i++;

  let negative = false;
  const sign = text.charAt(i);
  if (sign === '+' || sign === '-') {
    negative = sign === '-';
    i++;
  }

  // strtoll only treats "0x" as a prefix when a hex digit follows it; otherwise the
  // "0" is the number and the "x" ends it. Both read as 0, so skipping is safe.
  if (text.charAt(i) === '0' && (text.charAt(i + 1) === 'x' || text.charAt(i + 1) === 'X')) {
    if (hexDigitValue(text.charCodeAt(i + 2)) >= 0) i += 2;
  }

  let value = 0;
  for (; i < text.length; i++) {
    const digit = hexDigitValue(text.charCodeAt(i));
    if (digit < 0) break;
    value = value * 16 + digit;
    if (value >= SERIAL_LIMIT) return 0;
  }

  if (negative && value !== 0) return 0;
  return value;
}

/**
 * Prints a serial as the device does: the high 32 bits in hex without padding, then the
 * low 32 bits padded to 8 digits. A 12-digit serial therefore prints as 12 digits, and a
 * serial below 2^32 gets a leading "0" (the unpadded high part).
 */
export function formatSerial(serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 0) {
    throw new RangeError(`Not a serial number: ${serial}`);
  }
  const high = Math.floor(serial / TWO_32);
  const low = serial % TWO_32;
  return high.toString(16) + low.toString(16).padStart(8, '0');
}

/** The low 32 bits, where the production date lives. */
export function serialLow32(serial: number): number {
  return serial % TWO_32;
}

/** The first four of the twelve hex digits, which identify the inverter family. */
export function serialPrefix(serial: number): number {
  return Math.floor(serial / TWO_32) % 0x10000;
}

// E-Star HERF codes (herf-serial.md): printed on HERF inverters instead of the hex
// serial the DTU needs.

const HERF_ALPHABET = '0123456789ABCDEFGHJKLMNPRSTUVWXY';
const HERF_CHECKSUM_ALPHABET = 'HMFLGW5XC301234567899Z67YRT2S8ABCDEFGHJKDVEJ4KQPUALMNPRSTUVWXYNB';

// Body: one of the three prefixes, then 6 symbols of the 32-symbol alphabet (only those
// have a value). Checksum: 3 symbols of the 64-symbol alphabet, which has no I or O.
const HERF_PATTERN = /^(A01|A11|A21)[0-9A-HJ-NPR-Y]{6}-[0-9A-HJ-NP-Z]{3}$/;

/** The 3-character checksum of a well-formed 9-character code body (prefix included). */
export function herfChecksum(body: string): string {
  let asciiSum = 0;
  let valueSum = 0;
  for (let k = 0; k < body.length; k++) {
    asciiSum += body.charCodeAt(k);
    valueSum += HERF_ALPHABET.indexOf(body.charAt(k));
  }
  return (
    '1' +
    HERF_CHECKSUM_ALPHABET.charAt((asciiSum % 32) + 1) +
    HERF_CHECKSUM_ALPHABET.charAt((valueSum % 32) + 1)
  );
}

// Each body symbol is 5 bits; the first three sit at 42, 37, 32 and the rest two bits
// lower, which leaves bits 30-31 and 47 empty, so adding the parts never carries.
function herfBodyToSerial(body: string): number {
  let serial = 0;
  for (let k = 0; k < 9; k++) {
    const shift = k <= 2 ? 42 - 5 * k : 40 - 5 * k;
    serial += HERF_ALPHABET.indexOf(body.charAt(k)) * 2 ** shift;
  }
  return serial;
}

/**
 * The native 48-bit serial of a HERF code (case-insensitive), or undefined when the
 * code is malformed or its checksum does not match.
 */
export function herfToSerial(code: string): number | undefined {
  const upper = code.toUpperCase();
  if (!HERF_PATTERN.test(upper)) return undefined;
  const body = upper.slice(0, 9);
  if (upper.slice(10) !== herfChecksum(body)) return undefined;
  return herfBodyToSerial(body);
}

export type SerialInputClass =
  | { kind: 'empty' }
  | { kind: 'hoymiles'; serial: string }
  | { kind: 'converted'; serial: string }
  | { kind: 'herf'; serial: string; valid: boolean }
  | { kind: 'unknown' };

/**
 * Recognises what a person typed into a serial field (spec §5 "Serial input"), in the
 * spec's order, on the uppercased text. `serial` is the text to send to the device:
 * uppercase for hex input, lowercase for a converted HERF code, as the reference web app
 * sends them. For a HERF code with a wrong checksum `serial` is still the conversion of
 * its body, but it must not be sent (`valid` is false).
 */
export function classifySerialInput(text: string): SerialInputClass {
  const upper = text.toUpperCase();
  if (upper === '') return { kind: 'empty' };
  if (/^1[0-9A-F]{11}$/.test(upper)) return { kind: 'hoymiles', serial: upper };
  // The spec asks for at least one digit: twelve letters A-F alone are not taken as a serial.
  if (/^(?=.*[0-9])[0-9A-F]{12}$/.test(upper)) return { kind: 'converted', serial: upper };
  if (HERF_PATTERN.test(upper)) {
    const body = upper.slice(0, 9);
    return {
      kind: 'herf',
      serial: formatSerial(herfBodyToSerial(body)),
      valid: upper.slice(10) === herfChecksum(body),
    };
  }
  return { kind: 'unknown' };
}

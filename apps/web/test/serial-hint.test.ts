import { describe, expect, it } from 'vitest';
import { describeSerial } from '../src/lib/serial-hint';

// The known pairs of herf-serial.md, with the family each serial maps to (contract §5.1).
const HERF: [code: string, serial: string, family: string][] = [
  ['A01234567-1AX', '2801043214c7', 'HERF-1600/1800-4T'],
  ['A11HMS123-1F8', '2821235c8443', 'HERF-600/800-2T'],
  ['A21000001-155', '284100000001', 'HERF-300-1T'],
  ['A01XY9K2P-1TA', '28013df4cc57', 'HERF-1600/1800-4T'],
];

describe('describeSerial', () => {
  it('says nothing about an empty field', () => {
    expect(describeSerial('')).toEqual({});
  });

  it.each(HERF)('converts the HERF code %s to %s (%s), also typed in lower case', (code, serial, family) => {
    for (const typed of [code, code.toLowerCase()]) {
      expect(describeSerial(typed)).toEqual({
        key: 'inputserial.format_herf_valid',
        params: { serial: serial.toUpperCase() },
        serial,
        family,
        tone: 'success',
      });
    }
  });

  it('flags a HERF code whose checksum does not hold, and offers nothing to send', () => {
    expect(describeSerial('A01234567-1AY')).toEqual({
      key: 'inputserial.format_herf_invalid',
      tone: 'danger',
    });
    expect(describeSerial('A11HMS123-1F9').serial).toBeUndefined();
  });

  it('recognises a native Hoymiles serial and names its family', () => {
    expect(describeSerial('114491234567')).toEqual({
      key: 'inputserial.format_hoymiles',
      serial: '114491234567',
      family: 'HMS-600/700/800/900/1000-2T',
      tone: 'success',
    });
    expect(describeSerial('116181234567').family).toBe('HM-1000/1200/1500-4T');
    expect(describeSerial('138291234567').family).toBe('HMT-1800/2250-6T');
  });

  it('takes an already converted serial and sends it upper case', () => {
    expect(describeSerial('2801043214c7')).toEqual({
      key: 'inputserial.format_converted',
      serial: '2801043214C7',
      family: 'HERF-1600/1800-4T',
      tone: 'success',
    });
  });

  it('warns, but lets through, a serial that belongs to no family (a typo in the prefix)', () => {
    expect(describeSerial('199991234567')).toEqual({
      key: 'inputserial.format_hoymiles',
      serial: '199991234567',
      family: undefined,
      tone: 'warning',
    });
  });

  it('refuses the zero serial and anything of unknown format', () => {
    expect(describeSerial('000000000000')).toEqual({ key: 'apiresponse.4001', tone: 'danger' });
    for (const text of ['XYZ', '11618123456', 'A31234567-1AX', 'A0123456-1AX', 'ABCDEFABCDEF']) {
      expect(describeSerial(text)).toEqual({ key: 'inputserial.format_unknown', tone: 'danger' });
    }
  });
});

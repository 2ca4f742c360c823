import { describe, expect, it } from 'vitest';
import { classifySerialInput, formatSerial, herfChecksum, herfToSerial, parseSerial } from './serial';

describe('parseSerial / formatSerial', () => {
  it('round-trips the contract example between API text and config.json integer', () => {
    expect(parseSerial('116181234567')).toBe(19110476072295);
    expect(formatSerial(19110476072295)).toBe('116181234567');
  });

  it('round-trips every example serial of the contract', () => {
    for (const text of [
      '112181234567',
      '114181234567',
      '116181234567',
      '114491234567',
      '116491234567',
      '138291234567',
      '1144a0123456',
      '199980145678',
    ]) {
      expect(formatSerial(parseSerial(text))).toBe(text);
    }
  });

  it('prints lowercase, pads the low 32 bits and leaves the high part unpadded', () => {
    expect(formatSerial(parseSerial('2801043214C7'))).toBe('2801043214c7');
    expect(formatSerial(0x1_00000001)).toBe('100000001');
    expect(formatSerial(0x12345678)).toBe('012345678');
    expect(formatSerial(0)).toBe('000000000');
  });

  it('refuses values that are not serial numbers', () => {
    expect(() => formatSerial(-1)).toThrow(RangeError);
    expect(() => formatSerial(1.5)).toThrow(RangeError);
  });

  it('reads text leniently, like strtoll base 16', () => {
    expect(parseSerial('0x116181234567')).toBe(19110476072295);
    expect(parseSerial('0X116181234567')).toBe(19110476072295);
    expect(parseSerial('  \t116181234567')).toBe(19110476072295);
    expect(parseSerial('+116181234567')).toBe(19110476072295);
    expect(parseSerial('1144A0123456')).toBe(parseSerial('1144a0123456'));
    expect(parseSerial('116181234567xyz')).toBe(19110476072295);
    expect(parseSerial('12 34')).toBe(0x12);
    expect(parseSerial('ff')).toBe(255);
  });

  it('gives 0 when nothing is read', () => {
    expect(parseSerial('')).toBe(0);
    expect(parseSerial('   ')).toBe(0);
    expect(parseSerial('xyz')).toBe(0);
    expect(parseSerial('0x')).toBe(0);
    expect(parseSerial('0xg1')).toBe(0);
    expect(parseSerial('-')).toBe(0);
    expect(parseSerial('0')).toBe(0);
  });

  it('gives 0 for negative results and values beyond 48 bits (documented deviation)', () => {
    expect(parseSerial('-1')).toBe(0);
    expect(parseSerial('-116181234567')).toBe(0);
    expect(parseSerial('-0')).toBe(0);
    expect(parseSerial('1000000000000')).toBe(0);
    expect(parseSerial('ffffffffffffffffffff')).toBe(0);
    expect(parseSerial('ffffffffffff')).toBe(2 ** 48 - 1);
  });
});

describe('HERF codes', () => {
  const pairs: [string, string][] = [
    ['A01234567-1AX', '2801043214C7'],
    ['A11HMS123-1F8', '2821235C8443'],
    ['A21000001-155', '284100000001'],
    ['A01XY9K2P-1TA', '28013DF4CC57'],
  ];

  it('converts the known codes to their serials', () => {
    for (const [code, serial] of pairs) {
      expect(herfToSerial(code)).toBe(parseSerial(serial));
      expect(herfToSerial(code.toLowerCase())).toBe(parseSerial(serial));
    }
  });

  it('computes the known checksums', () => {
    for (const [code] of pairs) {
      expect(herfChecksum(code.slice(0, 9))).toBe(code.slice(10));
    }
  });

  it('rejects a wrong checksum, a wrong prefix and a wrong length', () => {
    expect(herfToSerial('A01234567-1AY')).toBeUndefined();
    expect(herfToSerial('A31234567-1AX')).toBeUndefined();
    expect(herfToSerial('A0123456-1AX')).toBeUndefined();
  });
});

describe('classifySerialInput', () => {
  it('recognises an empty field', () => {
    expect(classifySerialInput('')).toEqual({ kind: 'empty' });
  });

  it('takes 12 hex digits starting with 1 as a Hoymiles serial, uppercased', () => {
    expect(classifySerialInput('1144a0123456')).toEqual({ kind: 'hoymiles', serial: '1144A0123456' });
  });

  it('takes other 12 hex digits with at least one digit as an already converted serial', () => {
    expect(classifySerialInput('2801043214c7')).toEqual({ kind: 'converted', serial: '2801043214C7' });
    expect(classifySerialInput('ABCDEFABCDEF')).toEqual({ kind: 'unknown' });
  });

  it('converts a valid HERF code to the lowercase native serial', () => {
    expect(classifySerialInput('a11hms123-1f8')).toEqual({
      kind: 'herf',
      serial: '2821235c8443',
      valid: true,
    });
  });

  it('flags a HERF code with a wrong checksum as invalid', () => {
    expect(classifySerialInput('A01234567-1AY')).toMatchObject({ kind: 'herf', valid: false });
  });

  it('calls anything else unknown', () => {
    expect(classifySerialInput('A31234567-1AX')).toEqual({ kind: 'unknown' });
    expect(classifySerialInput('A0123456-1AX')).toEqual({ kind: 'unknown' });
    expect(classifySerialInput('11618123456')).toEqual({ kind: 'unknown' });
    expect(classifySerialInput(' 116181234567')).toEqual({ kind: 'unknown' });
  });
});

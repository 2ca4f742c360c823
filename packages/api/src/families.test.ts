import { describe, expect, it } from 'vitest';
import {
  familyByType,
  familyOf,
  formatVersion,
  INVERTER_FAMILIES,
  pdlSupported,
  productionDate,
} from './families';
import { parseSerial } from './serial';

const typeOf = (serial: string): string | undefined => familyOf(serial)?.type;

describe('familyOf', () => {
  it('identifies every example serial of the contract', () => {
    expect(typeOf('112181234567')).toBe('HM-300/350/400-1T');
    expect(typeOf('114181234567')).toBe('HM-600/700/800-2T');
    expect(typeOf('116181234567')).toBe('HM-1000/1200/1500-4T');
    expect(typeOf('114491234567')).toBe('HMS-600/700/800/900/1000-2T');
    expect(typeOf('116491234567')).toBe('HMS-1600/1800/2000-4T');
    expect(typeOf('138291234567')).toBe('HMT-1800/2250-6T');
    expect(typeOf('1144a0123456')).toBe('HMS-600/700/800/900/1000-2T');
  });

  it('checks HMS before the looser HM pattern', () => {
    expect(familyOf('112412345678')?.id).toBe('HMS_1CH');
    expect(familyOf('114412345678')?.id).toBe('HMS_2CH');
    expect(familyOf('114312345678')?.id).toBe('HMS_2CH');
    expect(familyOf('116412345678')?.id).toBe('HMS_4CH');
    expect(familyOf('112512345678')?.id).toBe('HMS_1CHv2');
  });

  it('covers every prefix of the table', () => {
    const cases: [string, string][] = [
      ['1361', 'HMT_4CH'],
      ['1382', 'HMT_6CH'],
      ['1164', 'HMS_4CH'],
      ['1420', 'HMS_4CH'],
      ['1144', 'HMS_2CH'],
      ['1143', 'HMS_2CH'],
      ['1410', 'HMS_2CH'],
      ['1124', 'HMS_1CH'],
      ['1125', 'HMS_1CHv2'],
      ['1400', 'HMS_1CHv2'],
      ['1161', 'HM_4CH'],
      ['1165', 'HM_4CH'],
      ['1062', 'HM_4CH'],
      ['1141', 'HM_2CH'],
      ['1042', 'HM_2CH'],
      ['1121', 'HM_1CH'],
      ['1022', 'HM_1CH'],
      ['2841', 'HERF_1CH'],
      ['2821', 'HERF_2CH'],
      ['2801', 'HERF_4CH'],
    ];
    for (const [prefix, id] of cases) {
      expect(familyOf(`${prefix}12345678`)?.id, prefix).toBe(id);
    }
  });

  it('leaves MI Gen2, DTU and other prefixes unknown', () => {
    for (const prefix of ['1020', '1021', '1040', '1041', '1060', '1061', '10D1', '10F1', '1999', '0000']) {
      expect(familyOf(`${prefix}12345678`), prefix).toBeUndefined();
    }
    expect(familyOf(0)).toBeUndefined();
  });

  it('accepts the config.json integer form', () => {
    expect(familyOf(19110476072295)?.id).toBe('HM_4CH');
  });

  it('describes radio, inputs, phases and shared voltages', () => {
    expect(familyOf('138291234567')).toEqual({
      id: 'HMT_6CH',
      type: 'HMT-1800/2250-6T',
      radio: 'cmt',
      dcInputs: 6,
      acPhases: 3,
      pairedVoltage: true,
    });
    expect(familyOf('116181234567')).toMatchObject({
      radio: 'nrf',
      dcInputs: 4,
      acPhases: 1,
      pairedVoltage: true,
    });
    expect(familyOf('116491234567')).toMatchObject({ radio: 'cmt', dcInputs: 4, pairedVoltage: false });
    expect(familyOf('280112345678')).toMatchObject({ radio: 'nrf', dcInputs: 4, pairedVoltage: true });
  });

  it('lists the families in the order of checks', () => {
    expect(INVERTER_FAMILIES.map((f) => f.id)).toEqual([
      'HMT_4CH',
      'HMT_6CH',
      'HMS_4CH',
      'HMS_2CH',
      'HMS_1CH',
      'HMS_1CHv2',
      'HM_4CH',
      'HM_2CH',
      'HM_1CH',
      'HERF_1CH',
      'HERF_2CH',
      'HERF_4CH',
    ]);
  });

  it('finds a family by its list type string', () => {
    expect(familyByType('HMS-450/500-1T v2')?.id).toBe('HMS_1CHv2');
    expect(familyByType('Unknown')).toBeUndefined();
  });
});

describe('pdlSupported', () => {
  it('is true only for HMS-4T from firmware build 10112', () => {
    expect(pdlSupported(familyOf('116491234567'), 10112)).toBe(true);
    expect(pdlSupported(familyOf('116491234567'), 10012)).toBe(false);
    expect(pdlSupported(familyOf('136112345678'), 10112)).toBe(false);
    expect(pdlSupported(undefined, 10112)).toBe(false);
  });
});

describe('productionDate', () => {
  it('reads year and week from the 5th to 7th hex digits', () => {
    expect(productionDate('116174612345')).toEqual({ year: 2021, week: '46' });
    expect(productionDate('1141A4612345')).toEqual({ year: 2024, week: '46' });
    expect(productionDate('114180212345')).toEqual({ year: 2022, week: '2' });
    expect(productionDate(parseSerial('116181234567'))).toEqual({ year: 2022, week: '12' });
  });
});

describe('formatVersion', () => {
  it('splits into major.minor.patch', () => {
    expect(formatVersion(10012)).toBe('1.0.12');
    expect(formatVersion(10112)).toBe('1.1.12');
    expect(formatVersion(104)).toBe('0.1.4');
    expect(formatVersion(1)).toBe('0.0.1');
    expect(formatVersion(10000)).toBe('1.0.0');
  });
});

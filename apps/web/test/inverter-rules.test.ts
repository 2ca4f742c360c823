import { INVERTER_FLAG_DEFAULTS, type InverterListEntry } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import en from '../src/i18n/en.json';
import { createTranslator } from '../src/i18n/runtime';
import {
  byOrder,
  hasErrors,
  moveItem,
  serialError,
  toEditRequest,
  validateInverter,
} from '../src/features/inverters/rules';

const { t } = createTranslator([en]);

/** The shed inverter's two strings, named, rated and with a yield offset on one. */
const CHANNELS: InverterListEntry['channel'] = [
  { name: 'East', max_power: 410, yield_total_offset: 0 },
  { name: 'West', max_power: 410, yield_total_offset: 1.5 },
];

const inverter = (patch: Partial<InverterListEntry> = {}): InverterListEntry => ({
  ...INVERTER_FLAG_DEFAULTS,
  id: 3,
  name: 'Shed',
  order: 0,
  serial: '2821235c8443',
  type: 'HERF-600/800-2T',
  channel: CHANNELS,
  ...patch,
});

describe('inverter list order', () => {
  it('sorts by order, slot id breaking ties as the device lists them', () => {
    const list = [
      inverter({ id: 0, order: 0 }),
      inverter({ id: 1, order: 1 }),
      inverter({ id: 3, order: 0 }),
    ];
    expect(byOrder(list).map((item) => item.id)).toEqual([0, 3, 1]);
  });

  it('moves one item and keeps the others in their order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});

describe('inverter rules (spec §5)', () => {
  it('accepts a complete inverter', () => {
    expect(hasErrors(validateInverter(t, inverter()))).toBe(false);
  });

  it('wants a serial the device can take', () => {
    expect(serialError(t, '')).toBe('This field is required.');
    expect(serialError(t, '000000000000')).toBe('The serial number must not be zero.');
    expect(serialError(t, 'A11HMS123-1F9')).toMatch(/wrong check code.*valid E-Star HERF code/);
    expect(serialError(t, 'A11HMS123-1F8')).toBeUndefined();
  });

  it('checks name, string names, string numbers and the reachable threshold', () => {
    const errors = validateInverter(
      t,
      inverter({
        name: '',
        reachable_threshold: 101,
        channel: [
          { name: 'x'.repeat(32), max_power: -1, yield_total_offset: -0.5 },
          { name: 'x'.repeat(31), max_power: 65535, yield_total_offset: 12.25 },
        ],
      }),
    );
    expect(errors.name).toBe('This field is required.');
    expect(errors.reachable_threshold).toBe('Enter a whole number from 1 to 100.');
    expect(errors.channel[0]).toEqual({
      name: 'Enter at most 31 characters.',
      max_power: 'Enter a whole number from 0 to 65535.',
      yield_total_offset: 'Enter a number from 0 to 999999.',
    });
    expect(errors.channel[1]).toEqual({
      name: undefined,
      max_power: undefined,
      yield_total_offset: undefined,
    });
    expect(validateInverter(t, inverter({ reachable_threshold: 0 })).reachable_threshold).toBeDefined();
  });
});

describe('the edit request', () => {
  it('sends every flag (the device resets missing ones) and the converted serial of a HERF code', () => {
    const request = toEditRequest(inverter({ serial: 'A11HMS123-1F8', poll_enable_night: false }));
    expect(request).toEqual({
      ...INVERTER_FLAG_DEFAULTS,
      poll_enable_night: false,
      id: 3,
      serial: '2821235c8443',
      name: 'Shed',
      channel: CHANNELS,
    });
    expect(request).not.toHaveProperty('order');
    expect(request).not.toHaveProperty('type');
  });
});

// The controller's settings between the server's answer and the screen's form: the meter's
// masked address given back as shown, the inverters as "all" or those checked, the
// fallback as "before" or a total, and the contract's bounds checked before sending.
import type { ControlAnswer, ControlMeterKind, InverterListResponse } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import {
  KIND_KEY,
  toBody,
  toForm,
  validateControlSettings,
  type ControlSettingsForm,
} from '../src/features/control/control-settings-model';
import en from '../src/i18n/en.json';
import { createTranslator } from '../src/i18n/runtime';
import { CONTROL_SETTINGS } from './support/control-settings';

const { t, has } = createTranslator([en]);

const OFF: ControlAnswer = {
  state: 'off',
  paused: false,
  hold_s: 0,
  settings: { ...CONTROL_SETTINGS, enabled: false, meter: { ...CONTROL_SETTINGS.meter, url: '' } },
  source: 'options',
  meter: { power_w: null, at: null, stale: true, error: null },
  inverters: [],
  commands: [],
};

const entry = (serial: string, name: string) =>
  ({ serial, name }) as InverterListResponse['inverter'][number];
const LIST: InverterListResponse = {
  inverter: [entry('116491234568', 'Garage'), entry('1161A1234567', 'Roof')],
};

const errorsOf = (change: Partial<ControlSettingsForm>) =>
  Object.fromEntries(
    Object.entries(validateControlSettings(t, { ...toForm(OFF, LIST), ...change })).filter(
      ([, message]) => message !== undefined,
    ),
  );

describe('the control settings form', () => {
  it('starts from what the server shows while off, and asks nothing of an empty meter while off', () => {
    const form = toForm(OFF, LIST);
    expect(form).toMatchObject({ enabled: false, url: '', path: '', all: true, serials: [] });
    expect(form.choices.map(({ name }) => name)).toEqual(['Garage', 'Roof']);
    expect(errorsOf({})).toEqual({});
    expect(toBody(form)).toEqual(OFF.settings);
  });

  it('gives back a masked address as shown, the checked inverters, and a total fallback', () => {
    const answer: ControlAnswer = {
      ...OFF,
      state: 'in-band',
      settings: {
        ...OFF.settings,
        enabled: true,
        meter: { kind: 'mqtt', url: 'mqtt://me:****@broker:1883/grid', path: 'em.power' },
        inverters: ['1161a1234567', '116400000001'],
        fallback: 600,
      },
    };
    const form = toForm(answer, LIST);
    // The device's spelling is checked; a saved serial the device no longer has stays choosable.
    expect(form.serials).toEqual(['1161A1234567', '116400000001']);
    expect(form.choices.at(-1)).toEqual({ serial: '116400000001', name: '116400000001' });
    expect(toBody(form)).toEqual({
      ...answer.settings,
      inverters: ['1161A1234567', '116400000001'],
    });
    // A type without a path drops what was typed for another.
    expect(toBody({ ...form, kind: 'shelly-3em', url: ' http://192.168.1.60 ' }).meter).toEqual({
      kind: 'shelly-3em',
      url: 'http://192.168.1.60',
      path: null,
    });
    expect(toBody({ ...form, all: true, fallback_before: true })).toMatchObject({
      inverters: 'all',
      fallback: 'before',
    });
    expect(form.wait_out_switching).toBe(true);
    expect(toBody({ ...form, wait_out_switching: false }).wait_out_switching).toBe(false);
  });

  it('checks the address for the meter type', () => {
    expect(errorsOf({ enabled: true })).toEqual({ url: 'This field is required.' });
    expect(errorsOf({ enabled: true, url: '192.168.1.60' })).toEqual({});
    expect(errorsOf({ url: 'ftp://192.168.1.60' }).url).toBe('Start the address with http://, https://.');
    expect(errorsOf({ kind: 'mqtt', url: 'http://broker/grid' }).url).toBe(
      'Start the address with mqtt://, mqtts://.',
    );
    expect(errorsOf({ kind: 'mqtt', url: 'mqtt://broker' }).url).toMatch(/topic/);
    expect(errorsOf({ url: 'http://exa mple' }).url).toBe('This is not an address the companion can reach.');
    expect(errorsOf({ url: 'http://host/status#em.power' }).url).toMatch(/own field/);
    expect(errorsOf({ kind: 'http-json', url: 'http://host/status' })).toEqual({
      path: 'This field is required.',
    });
    expect(errorsOf({ kind: 'mqtt', url: 'mqtt://broker/grid' })).toEqual({});
  });

  it('holds every number to the contract bounds', () => {
    expect(errorsOf({ target_w: 10_001, band_w: -1, interval_s: 4, poll_s: 0.4 })).toEqual({
      target_w: 'Enter a whole number from -10000 to 10000.',
      band_w: 'Enter a whole number from 0 to 1000.',
      interval_s: 'Enter a number from 5 to 3600.',
      poll_s: 'Enter a number from 0.5 to 60.',
    });
    expect(errorsOf({ target_w: Number.NaN }).target_w).toBe('This field is required.');
    expect(errorsOf({ poll_s: 0.5, interval_s: 3600, target_w: -10_000 })).toEqual({});
    // The total counts only when chosen.
    expect(errorsOf({ fallback_w: 200_000 })).toEqual({});
    expect(errorsOf({ fallback_before: false, fallback_w: 200_000 })).toEqual({
      fallback_w: 'Enter a whole number from 0 to 100000.',
    });
  });

  it('wants at least one inverter when not all', () => {
    expect(errorsOf({ all: false })).toEqual({ serials: 'Check at least one inverter, or all.' });
    expect(errorsOf({ all: false, serials: ['116491234568'] })).toEqual({});
  });

  it('has a name and an address hint in en for every meter type', () => {
    for (const kind of Object.keys(KIND_KEY) as ControlMeterKind[]) {
      expect(has(`control.Kind${KIND_KEY[kind]}`)).toBe(true);
      expect(has(`control.Address${KIND_KEY[kind]}`)).toBe(true);
    }
    expect(has('control.PathMqtt') && has('control.PathTasmota')).toBe(true);
  });
});

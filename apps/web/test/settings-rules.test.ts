import { CMT_CHANNEL_WIDTH, CMT_COUNTRIES, type DeviceConfig, type DtuConfig } from '@opendtu/api';
import { describe, expect, it } from 'vitest';
import { deviceErrors } from '../src/features/settings/device/device-rules';
import { dtuErrors, frequencyFits, frequencyIsLegal } from '../src/features/settings/dtu/dtu-rules';

const t = (key: string) => key;
const europe = CMT_COUNTRIES[0]!;

const dtu: DtuConfig = {
  serial: '199980123456',
  pollinterval: 5,
  nrf_enabled: true,
  nrf_palevel: 0,
  cmt_enabled: true,
  cmt_palevel: 0,
  cmt_frequency: 865000000,
  cmt_country: 0,
  cmt_chan_width: CMT_CHANNEL_WIDTH,
  country_def: [...CMT_COUNTRIES],
};
const problems = (errors: object) => Object.entries(errors).filter(([, message]) => message !== undefined);

describe('DTU rules', () => {
  it('accept the device defaults and the serial range 1 to 199999999999', () => {
    expect(problems(dtuErrors(t, 'en', dtu))).toEqual([]);
    expect(problems(dtuErrors(t, 'en', { ...dtu, serial: '199999999999' }))).toEqual([]);
    for (const serial of ['0', '200000000000', '1144a0123456', '', '12 3']) {
      expect(dtuErrors(t, 'en', { ...dtu, serial }).serial, serial).toBe('validation.WholeNumberBetween');
    }
  });

  it('bound the poll interval, the powers and the frequency to the band and its channel raster', () => {
    expect(dtuErrors(t, 'en', { ...dtu, pollinterval: 86401 }).pollinterval).toBeDefined();
    expect(dtuErrors(t, 'en', { ...dtu, cmt_palevel: 21 }).cmt_palevel).toBeDefined();
    expect(dtuErrors(t, 'en', { ...dtu, cmt_frequency: 865100000 }).cmt_frequency).toBe(
      'dtuadmin.FrequencyRange',
    );
    expect(frequencyFits(europe.freq_max, europe, CMT_CHANNEL_WIDTH)).toBe(true);
    expect(frequencyFits(europe.freq_max + CMT_CHANNEL_WIDTH, europe, CMT_CHANNEL_WIDTH)).toBe(false);
    // A radio that is not there keeps whatever the device holds for it.
    expect(problems(dtuErrors(t, 'en', { ...dtu, cmt_enabled: false, cmt_palevel: 99 }))).toEqual([]);
  });

  it('tell the legal band from the radio band', () => {
    expect(frequencyIsLegal(europe.freq_default, europe)).toBe(true);
    expect(frequencyIsLegal(europe.freq_legal_max + CMT_CHANNEL_WIDTH, europe)).toBe(false);
    expect(frequencyFits(europe.freq_legal_max + CMT_CHANNEL_WIDTH, europe, CMT_CHANNEL_WIDTH)).toBe(true);
  });
});

describe('device rules', () => {
  const device = {
    curPin: { name: 'Default' },
    display: { diagramduration: 600, contrast: 100 },
    led: [{ brightness: 0 }, { brightness: 100 }],
  } as DeviceConfig;

  it('bound the diagram period, contrast, LED brightness and the profile name', () => {
    expect(problems(deviceErrors(t, device))).toEqual([]);
    const bad = deviceErrors(t, {
      curPin: { ...device.curPin, name: 'x'.repeat(64) },
      display: { ...device.display, diagramduration: 599, contrast: 101 },
      led: [{ brightness: 0 }, { brightness: 101 }],
    });
    expect(Object.keys(bad).filter((key) => bad[key as keyof typeof bad])).toEqual([
      'curPin.name',
      'display.diagramduration',
      'display.contrast',
      'led.1.brightness',
    ]);
  });
});

// Two screens whose case the emulator does not reach on its own: an inverter whose model
// the device does not know (a pack's hint with a link), and an HMS inverter whose signal
// happens to read -80 dBm (the coarse-RSSI hint follows the model, not the value).
import type { DevInfoResponse } from '@opendtu/api';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../src/components/toast';
import { DeviceInfoDialog } from '../src/features/live/device-info-dialog';
import { RadioStatsTable } from '../src/features/live/radio-stats';
import { I18nProvider } from '../src/i18n/i18n-provider';
import { fullInverter, RADIO_STATS } from './support/live-fixtures';

const PACK = {
  meta: { name: 'Markup test', code: 'qa' },
  webapp: {
    devinfo: {
      UnknownModel:
        'Unknown: <a href="https://example.test/report" target="_blank" onclick="x()">report-it</a>',
    },
  },
};

const DEVINFO: DevInfoResponse = {
  valid_data: true,
  fw_bootloader_version: 1,
  fw_build_version: 10012,
  hw_part_number: 999999,
  hw_version: '01.00',
  hw_model_name: '',
  max_power: 0,
  fw_build_datetime: '2022-01-01 00:00:00',
  pdl_supported: false,
};

const inverter = (serial: string, rssi: number) =>
  fullInverter(serial, { name: 'Roof', radio_stats: { ...RADIO_STATS, rssi } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path.startsWith('api/i18n/language?')) return new Response(JSON.stringify(PACK));
      if (path.startsWith('api/devinfo/status')) return new Response(JSON.stringify(DEVINFO));
      return new Response('[]');
    }),
  );
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('an unknown model', () => {
  it("shows the pack's hint with its link, safely", async () => {
    localStorage.setItem('locale', 'qa');
    render(
      <I18nProvider>
        <DeviceInfoDialog inverter={inverter('114181234569', -30)} onClose={() => undefined} />
      </I18nProvider>,
    );
    const link = await screen.findByRole('link', { name: 'report-it' });
    expect(link.getAttribute('href')).toBe('https://example.test/report');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('onclick')).toBeNull();
    expect(link.closest('td')!.textContent).toBe('Unknown: report-it');
  });
});

describe('the RSSI hint', () => {
  const HINT = 'This model only reports above or below -64 dBm.';
  const shown = (serial: string, rssi: number) => {
    localStorage.setItem('locale', 'en');
    render(
      <I18nProvider>
        <ToastProvider>
          <RadioStatsTable inverter={inverter(serial, rssi)} stats={inverter(serial, rssi).radio_stats!} />
        </ToastProvider>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Radio statistics/ }));
    return screen.queryByText(HINT) !== null;
  };

  it('is shown for HM inverters, whatever the value', () => {
    expect(shown('114181234569', -127)).toBe(true);
    cleanup();
    expect(shown('114181234569', -30)).toBe(true);
  });

  it('is not shown for HMS or HMT inverters, even at -80 or -30 dBm', () => {
    expect(shown('116491234568', -80)).toBe(false);
    cleanup();
    expect(shown('138291234567', -30)).toBe(false);
  });
});

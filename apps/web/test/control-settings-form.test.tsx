// The Control screen's settings form against a stubbed companion: the switch for waiting out
// loads that switch on and off shows what the server keeps, says the trade, and a save
// sends what the owner set.
import type { ControlAnswer, ControlSettingsBody, InverterListResponse } from '@opendtu/api';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ControlSettings } from '../src/features/control/control-settings';
import { I18nProvider } from '../src/i18n/i18n-provider';
import { CONTROL_SETTINGS } from './support/control-settings';

const LIST = {
  inverter: [{ serial: '116491234568', name: 'Garage' }],
} as InverterListResponse;

const json = (body: unknown): Response =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The companion keeping `stored`; returns the bodies of the saves it was sent. */
function stubCompanion(stored: ControlSettingsBody): ControlSettingsBody[] {
  const saves: ControlSettingsBody[] = [];
  let settings = stored;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === 'companion/api/control/settings' && init.method === 'POST') {
        settings = JSON.parse(await (init.body as Blob).text()) as ControlSettingsBody;
        saves.push(settings);
        return json({ type: 'success', code: 1001, message: 'Settings saved!' });
      }
      if (path === 'companion/api/control')
        return json({
          state: 'in-band',
          paused: false,
          hold_s: 0,
          settings,
          source: 'saved',
          meter: { power_w: 10, at: null, stale: false, error: null },
          inverters: [],
          commands: [],
        } satisfies ControlAnswer);
      if (path === 'api/inverter/list') return json(LIST);
      return new Response('[]');
    }),
  );
  return saves;
}

const renderForm = () =>
  render(
    <I18nProvider>
      <ControlSettings source="saved" onSaved={() => undefined} />
    </I18nProvider>,
  );

beforeEach(() => {
  localStorage.setItem('locale', 'en');
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(callback, 0));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('waiting out loads that switch on and off, on the Control screen', () => {
  it('shows the saved choice with the trade, and sends it switched off', async () => {
    const saves = stubCompanion(CONTROL_SETTINGS);
    renderForm();
    const wait = await screen.findByRole<HTMLInputElement>('switch', {
      name: 'Wait out loads that switch on and off',
    });
    expect(wait.checked).toBe(true);
    const hint = document.getElementById(wait.getAttribute('aria-describedby')!)!.textContent;
    expect(hint).toMatch(/less is fed in but more is drawn/);
    expect(hint).toMatch(/Off: every import is covered at once/);

    fireEvent.click(wait);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(saves).toEqual([{ ...CONTROL_SETTINGS, wait_out_switching: false }]);
  });

  it('sends it switched on again', async () => {
    const saves = stubCompanion({ ...CONTROL_SETTINGS, wait_out_switching: false });
    renderForm();
    const wait = await screen.findByRole<HTMLInputElement>('switch', {
      name: 'Wait out loads that switch on and off',
    });
    expect(wait.checked).toBe(false);
    fireEvent.click(wait);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(saves.map((body) => body.wait_out_switching)).toEqual([true]);
  });
});

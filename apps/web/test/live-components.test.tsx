import type { LiveInverterFull } from '@opendtu/api';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InverterHeader } from '../src/features/live/inverter-view';
import { sendCommand } from '../src/api/commands';
import { LimitDialog } from '../src/components/limit-dialog';
import { StateBadge } from '../src/components/state-badge';
import { ToastProvider } from '../src/components/toast';
import { I18nProvider } from '../src/i18n/i18n-provider';
import type { LiveInverter } from '../src/lib/live-merge';
import { fullInverter, RADIO_STATS } from './support/live-fixtures';

const NOW = Date.parse('2026-06-21T10:00:00Z');

const inverter = (extra: Partial<LiveInverter & LiveInverterFull> = {}): LiveInverter =>
  fullInverter('114181234569', {
    name: 'Garage',
    limit_relative: 50,
    limit_absolute: 400,
    radio_stats: { ...RADIO_STATS, tx_request: 0, rx_success: 0 },
    AC: { '0': { Power: { v: 412.34, u: 'W', d: 1 } } },
    events: 1,
    received_at: NOW,
    ...extra,
  });

let limitStatus = { limit_relative: 50, max_power: 800, limit_set_status: 'Pending' };

beforeEach(() => {
  localStorage.setItem('locale', 'en');
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (path: string) =>
        new Response(
          path === 'api/limit/status'
            ? JSON.stringify({ '114181234569': limitStatus })
            : path === 'api/limit/config'
              ? JSON.stringify({ type: 'success', message: 'Settings saved!', code: 1001 })
              : '[]',
        ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('StateBadge', () => {
  it.each([
    [{ poll_enabled: false, reachable: false, producing: false }, 'text-bg-secondary', 'Polling off'],
    [{ poll_enabled: true, reachable: false, producing: false }, 'text-bg-danger', 'Not reachable'],
    [{ poll_enabled: true, reachable: true, producing: false }, 'text-bg-warning', 'Not producing'],
    [{ poll_enabled: true, reachable: true, producing: true }, 'text-bg-success', 'Producing'],
  ])('%o is %s and says "%s"', (flags, colour, word) => {
    render(
      <I18nProvider>
        <StateBadge inverter={inverter(flags)} />
      </I18nProvider>,
    );
    const badge = screen.getByTitle(word);
    expect(badge.className).toContain(colour);
    // The word is there for screen readers even where only the glyph and power show.
    expect(badge.textContent).toContain(word);
    expect(badge.textContent).toContain('412 W');
  });
});

describe('InverterHeader', () => {
  it('ticks the data age every second as a duration and adds the time once it is above 300 s', () => {
    vi.useFakeTimers({
      now: NOW,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    render(
      <I18nProvider>
        <InverterHeader inverter={inverter({ data_age_ms: 298_500 })} />
      </I18nProvider>,
    );
    expect(screen.getByText(/Updated/).textContent).toBe('Updated 4 min 58 sec ago');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText(/Updated/).textContent).toBe('Updated 4 min 59 sec ago');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText(/Updated/).textContent).toMatch(/^Updated 5 min 1 sec ago \(.*\d\d:\d\d:\d\d\)$/);
    expect(screen.getByText(/Current limit/).textContent).toBe('Current limit: 400 W | 50 %');
  });
});

describe('a limit command in the inverter header (issue 26)', () => {
  it('says sent and waiting, then in plain words that the inverter has not confirmed, never "saved"', async () => {
    vi.useFakeTimers({
      now: NOW,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    limitStatus = { limit_relative: 100, max_power: 800, limit_set_status: 'Pending' };
    render(
      <I18nProvider>
        <InverterHeader inverter={inverter()} />
      </I18nProvider>,
    );
    await act(() => sendCommand({ serial: '114181234569', kind: 'limit', value: 60, relative: true }));
    const note = () => document.querySelector('[data-command]')!.textContent;
    expect(note()).toContain('Requested: 60 %');
    expect(note()).toContain('Waiting');
    expect(note()).toContain('Sent, waiting for the inverter to confirm.');
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(note()).toMatch(/Not confirmed yet: the inverter does not answer/);
    expect(document.body.textContent).not.toMatch(/saved|Done/i);
    limitStatus = { limit_relative: 60, max_power: 800, limit_set_status: 'Ok' };
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(note()).toContain('Done');
    expect(note()).not.toContain('confirm');
  });
});

describe('LimitDialog', () => {
  it("validates relative 0-100 and absolute 0 to the model's max, and shows the command status", async () => {
    limitStatus = { limit_relative: 50, max_power: 800, limit_set_status: 'Pending' };
    render(
      <I18nProvider>
        <ToastProvider>
          <LimitDialog inverters={[inverter()]} onClose={() => {}} />
        </ToastProvider>
      </I18nProvider>,
    );
    expect(await screen.findByText('Waiting')).toBeTruthy();
    const value = screen.getByLabelText('New limit (%)');
    fireEvent.change(value, { target: { value: '101' } });
    fireEvent.blur(value);
    expect(screen.getByText('Enter a number from 0 to 100.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Absolute (W)'));
    const watts = screen.getByLabelText('New limit (W)');
    fireEvent.change(watts, { target: { value: '801' } });
    expect(screen.getByText('Enter a number from 0 to 800.')).toBeTruthy();
    fireEvent.change(watts, { target: { value: '800' } });
    expect(screen.queryByText(/Enter a number/)).toBeNull();
    expect(screen.getByText(/about 4 minutes/)).toBeTruthy();
  });
});

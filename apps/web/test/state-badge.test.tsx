// The inverter's state where it is shown (issue 34): while the device has no clock yet it
// polls nothing, and says so in a neutral badge, not the red "Not reachable" of a fault;
// a long state in full wraps with the name beside it instead of widening a phone's page.
import type { LiveInverterFull } from '@opendtu/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveStore } from '../src/api/live-store';
import { inverterState } from '../src/components/inverter-status';
import { StateBadge } from '../src/components/state-badge';
import { InverterPills } from '../src/features/live/inverter-pills';
import { InverterHeader } from '../src/features/live/inverter-view';
import { InverterRow } from '../src/features/overview/overview-row';
import { I18nProvider } from '../src/i18n/i18n-provider';
import type { LiveInverter } from '../src/lib/live-merge';
import { inEnglish } from './support/page-setup';

/** A freshly booted device's inverter: never polled, so never reachable. */
const unpolled: LiveInverter = {
  serial: '114181234569',
  name: 'Garage HM-800',
  order: 0,
  data_age: 4,
  data_age_ms: 4000,
  poll_enabled: true,
  reachable: false,
  producing: false,
  limit_relative: 0,
  limit_absolute: -1,
  AC: { '0': { Power: { v: 0, u: 'W', d: 1 } } },
  DC: {},
  INV: {},
  events: 0,
  received_at: Date.now(),
} satisfies LiveInverterFull & { received_at: number };

const badge = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-state]')!;

inEnglish('{}');

describe('an inverter while the device has no clock', () => {
  it('is waiting, not unreachable, by night or day; polling off still says so', () => {
    expect(inverterState(unpolled, false, true)).toBe('waiting');
    expect(inverterState(unpolled, true, true)).toBe('waiting');
    expect(inverterState({ ...unpolled, poll_enabled: false }, false, true)).toBe('disabled');
    expect(inverterState(unpolled, false, false)).toBe('unreachable');
  });

  it('shows a neutral badge that says it is not polled yet, in the live header and the overview', () => {
    const { container } = render(
      <I18nProvider>
        <InverterHeader inverter={unpolled} noClock />
        <InverterRow
          inverter={unpolled}
          peaks={undefined}
          labels={[]}
          rated={0}
          command={undefined}
          noClock
        />
      </I18nProvider>,
    );
    const badges = [...container.querySelectorAll<HTMLElement>('[data-state]')];
    expect(badges).toHaveLength(2);
    for (const shown of badges) {
      expect(shown.dataset.state).toBe('waiting');
      expect(shown.textContent).toContain('Not polled yet (clock not set)');
      expect(shown.textContent).not.toContain('Not reachable');
      expect(shown.className).not.toContain('text-bg-danger');
      expect(shown.className).toContain('text-bg-secondary');
    }
  });

  it('says the same in the inverter picker, in German too', async () => {
    localStorage.setItem('locale', 'de');
    // The picker reads each inverter from the live store: the device's list brings it.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === 'api/livedata/status'
          ? new Response(JSON.stringify({ inverters: [unpolled] }))
          : new Response('', { status: 404 }),
      ),
    );
    const stop = liveStore.subscribe(() => {});
    await vi.waitFor(() => expect(liveStore.getSnapshot().inverters).toHaveLength(1));
    render(
      <I18nProvider>
        <InverterPills roster={[unpolled]} selected={unpolled.serial} onSelect={() => {}} noClock />
      </I18nProvider>,
    );
    expect(screen.getByRole('combobox').textContent).toContain('Noch nicht abgefragt (Uhrzeit fehlt)');
    stop();
  });

  it('is a fault once the device has its clock and the inverter still does not answer', () => {
    const { container } = render(
      <I18nProvider>
        <StateBadge inverter={unpolled} wide />
      </I18nProvider>,
    );
    expect(badge(container).dataset.state).toBe('unreachable');
    expect(badge(container).className).toContain('text-bg-danger');
  });
});

describe('the live header on a phone', () => {
  it('lets the state wrap and puts the name beside or below it, breaking a long name', () => {
    const { container } = render(
      <I18nProvider>
        <InverterHeader inverter={unpolled} />
      </I18nProvider>,
    );
    const title = container.querySelector('#inverter-title')!;
    expect(title.className).toContain('flex-wrap');
    expect(badge(container).className).toContain('text-wrap');
    expect(screen.getByText('Garage HM-800').className).toContain('text-break');
  });
});

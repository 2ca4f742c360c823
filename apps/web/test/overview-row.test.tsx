// The overview's inverter row (issue 34): the age of its data reads as the live view's
// does, a duration ("4 min 9 sec"), not a count of seconds ("249 seconds").
import type { LiveInverterFull } from '@opendtu/api';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InverterRow } from '../src/features/overview/overview-row';
import { I18nProvider } from '../src/i18n/i18n-provider';
import type { LiveInverter } from '../src/lib/live-merge';

const NOW = Date.parse('2026-06-21T10:00:00Z');

const inverter: LiveInverter = {
  serial: '114181234569',
  name: 'Garage',
  order: 0,
  data_age: 249,
  data_age_ms: 249_400,
  poll_enabled: true,
  reachable: true,
  producing: true,
  limit_relative: 50,
  limit_absolute: 400,
  AC: { '0': { Power: { v: 412.34, u: 'W', d: 1 } } },
  DC: {},
  INV: {},
  events: 1,
  received_at: NOW,
} satisfies LiveInverterFull & { received_at: number };

const age = (locale: string): string => {
  localStorage.setItem('locale', locale);
  const { container } = render(
    <I18nProvider>
      <InverterRow inverter={inverter} peaks={undefined} labels={[]} rated={0} command={undefined} />
    </I18nProvider>,
  );
  return container.querySelector('[data-age]')!.textContent!;
};

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the overview row', () => {
  it('shows the data age as a duration, as the live view does', () => {
    expect(age('en')).toBe('4 min 9 sec');
    cleanup();
    expect(age('de')).toBe('4 Min. 9 Sek.');
  });
});

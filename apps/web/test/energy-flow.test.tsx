// The grid meter's flow (companion build, issue 45): the model of the three paths, and the
// card an owner reads, against a stubbed meter answer.
import type { MeterAnswer } from '@opendtu/api';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnergyFlowCard } from '../src/components/energy-flow/flow-card';
import { I18nProvider } from '../src/i18n/i18n-provider';
import { flowInSum, type FlowPeriod } from '../src/components/energy-flow/period-flow';
import { flowNow, surplusOf } from '../src/lib/energy-flow';

describe('the flow now', () => {
  it('splits the sun and the grid into the three paths', () => {
    expect(flowNow(2000, -1200)).toEqual({
      sunW: 2000,
      houseW: 800,
      sunToHouseW: 800,
      sunToGridW: 1200,
      gridToHouseW: 0,
    });
    expect(flowNow(300, 450)).toEqual({
      sunW: 300,
      houseW: 750,
      sunToHouseW: 300,
      sunToGridW: 0,
      gridToHouseW: 450,
    });
    // Read at other moments: more fed in than the inverters give counts as all of theirs.
    expect(flowNow(100, -150)).toMatchObject({ houseW: 0, sunToGridW: 100, sunToHouseW: 0 });
    expect(surplusOf(flowNow(2000, -1200))).toBe('spare');
    expect(surplusOf(flowNow(0, 300))).toBe('short');
    expect(surplusOf(flowNow(500, 2))).toBe('even');
  });
});

const answer = (extra: Partial<MeterAnswer>): MeterAnswer => ({
  state: 'fresh',
  kind: 'shelly-pro-3em',
  power_w: -1234,
  at: '2026-06-21T12:00:05+02:00',
  age_s: 2,
  error: null,
  counter_error: null,
  energy_from: 'counters',
  today: { imported_wh: 10, exported_wh: 2000 },
  ...extra,
});

function show(reading: MeterAnswer, sunW = 2000, setUp = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(reading), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  render(
    <I18nProvider>
      <EnergyFlowCard sunW={sunW} setUp={setUp} />
    </I18nProvider>,
  );
  return screen.findByRole('region', { name: 'Where the power goes now' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the flow of a month in sum', () => {
  const day = (period: string, produced: number | null, grid: [number, number] | null): FlowPeriod => ({
    period,
    produced_wh: produced,
    self_used_wh: null,
    exported_wh: grid && grid[1],
    imported_wh: grid && grid[0],
    consumption_wh: null,
    self_consumption_pct: null,
    self_sufficiency_pct: null,
    grid_complete: grid ? true : null,
  });

  it('counts only the days the meter covered: a day without it adds no sun used at home', () => {
    const sum = flowInSum([
      day('2026-06-01', 9800, null),
      day('2026-06-02', 5000, [1200, 3000]),
      day('2026-06-03', null, [400, 0]),
    ]);
    expect(sum).toMatchObject({
      produced_wh: 5000,
      exported_wh: 3000,
      imported_wh: 1600,
      self_used_wh: 2000,
      consumption_wh: 3600,
      grid_complete: false,
    });
    expect(sum.self_consumption_pct).toBeCloseTo(40, 1);
  });
});

describe('the flow card', () => {
  it('says the surplus in words and each path with its watts, in words and on the picture', async () => {
    const card = await show(answer({}));
    expect(within(card).getByText(/to spare/).textContent).toBe('1.2 kW to spare: it goes into the grid.');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sun to house: 766 W', 'Sun to grid: 1.2 kW', 'Grid to house: 0 W']);
    const path = (name: string) => card.querySelector(`[data-flow-path="${name}"]`)!;
    expect(path('sun-grid').getAttribute('data-active')).toBe('yes');
    expect(path('sun-grid').querySelector('path')!.getAttribute('marker-end')).toMatch(/^url\(#/);
    expect(path('grid-house').getAttribute('data-active')).toBe('no');
    expect(path('grid-house').querySelector('path')!.getAttribute('marker-end')).toBeNull();
  });

  it('shows an old reading with its age, then no reading: never a 0 W not measured', async () => {
    const old = await show(answer({ state: 'old', age_s: 25, error: 'ECONNREFUSED' }));
    expect(old.querySelector('[data-flow-age]')!.textContent).toBe('Last meter reading 25 s ago.');
    cleanup();
    const none = await show(answer({ state: 'none', power_w: null, age_s: 90 }));
    expect(none.querySelector('[data-flow-surplus]')!.textContent).toBe(
      'No reading: the meter has not answered since 12:00.',
    );
    expect([...none.querySelectorAll('[data-flow-path] text')].map((text) => text.textContent)).toEqual([
      '–',
      '–',
      '–',
    ]);
    expect(none.textContent).not.toMatch(/\b0 W/);
  });

  it('without a meter, says how to set one where asked to', async () => {
    const card = await show(answer({ state: 'off', power_w: null }), 2000, true);
    expect(within(card).getByRole('link', { name: 'Set up the grid meter' }).getAttribute('href')).toBe(
      '/meter',
    );
  });
});

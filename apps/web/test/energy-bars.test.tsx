// The energy bars' kWh axis: every tick reads differently, for a month with nothing
// recorded (the smallest scale, 25 Wh a step) as for one with kilowatt-hours.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarPlot, highestStack, StackedBar } from '../src/components/history/bar-plot';
import { I18nProvider } from '../src/i18n/i18n-provider';

const ticks = (wh: (number | null)[]): string[] => {
  const { container } = render(
    <I18nProvider>
      <BarPlot
        periods={wh.map((value, i) => ({ period: `2026-06-${String(i + 1).padStart(2, '0')}`, wh: value }))}
        most={highestStack(wh.map((value) => [value ?? 0]))}
        bar={(bar, place, shown) => (
          <StackedBar segments={[bar.wh ?? 0]} place={place} shown={shown} fill={() => 'blue'} />
        )}
        readOut={() => ''}
        hint=""
        label="Energy"
      />
    </I18nProvider>,
  );
  return [...container.querySelectorAll('.chart-y span')].map((tick) => tick.textContent!);
};

describe('the energy axis', () => {
  afterEach(cleanup);

  it('reads 25 Wh steps with three decimals when nothing was recorded', () => {
    expect(ticks([null, null, null])).toEqual([
      '0.000 kWh',
      '0.025 kWh',
      '0.050 kWh',
      '0.075 kWh',
      '0.100 kWh',
    ]);
  });

  it('reads kWh steps without decimals, and half kWh with one', () => {
    expect(ticks([31_000, 12_000])).toEqual(['0 kWh', '10 kWh', '20 kWh', '30 kWh', '40 kWh']);
    expect(ticks([9_000])).toEqual(['0.0 kWh', '2.5 kWh', '5.0 kWh', '7.5 kWh', '10.0 kWh']);
  });
});

// The value axes of the charts (issue 34): the power chart's ticks read apart at every
// step (a 250 W step is 0.25 kW, not 0.3), by the same rule as the energy bars' kWh.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartPlot } from '../src/components/chart/chart-plot';
import { yScale } from '../src/components/chart/chart-lines';
import { I18nProvider } from '../src/i18n/i18n-provider';
import { axisLabel, stepDecimals } from '../src/lib/axis-label';
import { addSample } from '../src/lib/day-curve';

/** The power axis as the chart shows it for a day whose peak is `peak` W. */
function powerTicks(peak: number, locale = 'en'): string[] {
  localStorage.setItem('locale', locale);
  const curve = addSample(undefined, Date.UTC(2026, 5, 21, 12, 0), peak, {});
  const { top, step } = yScale(peak);
  const { container } = render(
    <I18nProvider>
      <ChartPlot curve={curve} serials={[]} top={top} step={step} shown={undefined} onShow={() => {}} />
    </I18nProvider>,
  );
  return [...container.querySelectorAll('.chart-y span')].map((tick) => tick.textContent!);
}

describe('the power axis', () => {
  afterEach(cleanup);

  it('reads a 250 W step in kW with two decimals', () => {
    expect(powerTicks(900)).toEqual(['0.00 kW', '0.25 kW', '0.50 kW', '0.75 kW', '1.00 kW']);
  });

  it('keeps W below a kilowatt, one decimal for 2.5 kW and none for whole kW, in the locale', () => {
    expect(powerTicks(374)).toEqual(['0 W', '100 W', '200 W', '300 W', '400 W']);
    expect(powerTicks(9000, 'de')).toEqual(['0,0 kW', '2,5 kW', '5,0 kW', '7,5 kW', '10,0 kW']);
    expect(powerTicks(3141)).toEqual(['0 kW', '1 kW', '2 kW', '3 kW', '4 kW']);
  });
});

describe('one rule for both axes', () => {
  it('gives a step as many decimals as it has, up to three', () => {
    expect([10, 2.5, 0.25, 0.025, 0.0001].map(stepDecimals)).toEqual([0, 1, 2, 3, 3]);
  });

  it('writes W, kW and kWh from values in W or Wh', () => {
    expect(axisLabel('en', 750, 250, 'W')).toBe('750 W');
    expect(axisLabel('en', 750, 250, 'kW')).toBe('0.75 kW');
    expect(axisLabel('fr', 50, 25, 'kWh')).toBe('0,050 kWh');
  });
});

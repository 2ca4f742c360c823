import type { PlantEnergyPeriod } from '@opendtu/api';
import { useCallback } from 'react';
import { PeriodFlow } from '../../components/energy-flow/period-flow';
import { EnergyCard } from '../../components/history/energy-card';
import { BySelect, PeriodSteps, useEnergyView } from '../../components/history/period-steps';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import { saveBlob } from '../../lib/download';
import { formatKwh, periodLabel } from '../../lib/energy';
import { lineStyle } from '../../components/chart/chart-lines';
import { BarPlot, highestStack, StackedBar } from '../../components/history/bar-plot';
import { getPlantCsv, getPlantEnergy, plantEnergyPath } from './plant-history-api';
import { shownPeriods, viewTotals } from './plant-history-model';
import { PlantLoadState, Unavailable } from './plant-load-state';
import { usePlantLoad } from './use-plant-load';

/** A device's colour in the bars: the hue of its line in the day's chart (the legend below says which). */
const deviceFill = (index: number): string => lineStyle(index).stroke;

/** Years the year view asks for back from the anchor's; the ones before the first recorded are left out. */
const YEARS_BACK = 19;
/** How often a view containing today is asked again: today's bar grows slowly. */
export const ENERGY_REFRESH_MS = 300_000;

/** The plant's energy per day of a month, month of a year, or year: stacked by device, and summed. */
export function PlantEnergy({ today }: { today: string }) {
  const { t, locale } = useI18n();
  const view = useEnergyView(today, String(Number(today.slice(0, 4)) - YEARS_BACK));
  const { by, setBy, from, to } = view;
  const load = useCallback((signal: AbortSignal) => getPlantEnergy(by, from, to, signal), [by, from, to]);
  const state = usePlantLoad(load, from <= today && today <= to ? ENERGY_REFRESH_MS : undefined);
  const answer = state.data;
  const names = answer?.devices.map(({ name }) => name) ?? [];
  /** A period's bar: one segment a device, in the answer's order. */
  const stackOf = (period: PlantEnergyPeriod) => names.map((name) => period.devices[name] ?? 0);
  const periods = answer ? shownPeriods(answer.periods, by === 'year') : [];
  const totals = viewTotals(periods, names);
  const kwh = (wh: number | null) => (wh === null ? '–' : formatKwh(locale, wh));
  const without = (lacking: readonly string[]) =>
    lacking.length ? ` ${t('plantHistory.Without', { devices: lacking.join(', ') })}` : '';
  const period =
    by === 'year'
      ? `${(periods[0]?.period ?? from).slice(0, 4)}–${to.slice(0, 4)}`
      : periodLabel(locale, from.slice(0, by === 'day' ? 7 : 4));
  const readOut = (row: PlantEnergyPeriod) =>
    `${periodLabel(locale, row.period)}: ${kwh(row.total_wh)}${row.total_wh === null ? '' : without(row.lacking)} (${names
      .map((name) => `${name} ${kwh(row.devices[name] ?? null)}`)
      .join(', ')})`;
  const download = () =>
    void getPlantCsv(plantEnergyPath(by, from, to, true)).then((csv) =>
      saveBlob(csv, `plant-energy-${by}-${from}-${to}.csv`),
    );

  return (
    // power-chart: the lightness (--line-l) the devices' colours take, as on the power chart.
    <EnergyCard title={t('plantHistory.Energy')} download={download} className="card power-chart">
      <BySelect id="plant-history-by" texts="plantHistory" value={by} onChange={setBy} />
      <PeriodSteps view={view} period={period} texts="plantHistory" />
      <PlantLoadState state={state}>
        {!answer ? (
          <Spinner />
        ) : (
          <>
            <Unavailable devices={answer.devices} />
            {totals.total === null && <p className="mb-2">{t('plantHistory.NoEnergy', { period })}</p>}
            <BarPlot
              periods={periods}
              most={highestStack(periods.map(stackOf))}
              bar={(period, place, shown) => (
                <StackedBar segments={stackOf(period)} place={place} shown={shown} fill={deviceFill} framed />
              )}
              readOut={readOut}
              hint={t('plantHistory.Pick')}
              label={t('plantHistory.Bars')}
            />
            <ul className="list-unstyled d-flex flex-wrap column-gap-3 small mb-0" data-energy-totals="">
              <li className="fw-semibold">
                {t('plantHistory.Total', { period, energy: kwh(totals.total) })}
                {totals.total !== null && without(totals.lacking)}
              </li>
              {names.map((name, index) => (
                <li key={name}>
                  <svg width="12" height="12" className="me-1" aria-hidden="true">
                    <rect width="12" height="12" style={{ fill: deviceFill(index) }} />
                  </svg>
                  {name}: {kwh(totals.devices[name] ?? null)}
                </li>
              ))}
            </ul>
            <PeriodFlow periods={periods} title={period} />
          </>
        )}
      </PlantLoadState>
    </EnergyCard>
  );
}

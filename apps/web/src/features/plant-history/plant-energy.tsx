import type { PlantEnergyPeriod } from '@opendtu/api';
import { useCallback, useState } from 'react';
import { PeriodFlow } from '../../components/energy-flow/period-flow';
import { EnergyCard } from '../../components/history/energy-card';
import { BY_TEXT, BySelect, PeriodSteps } from '../../components/history/period-steps';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import { saveBlob } from '../../lib/download';
import { energyRange, formatKwh, periodLabel, type EnergyBy } from '../../lib/energy';
import { deviceFill, PlantEnergyBars } from './plant-energy-bars';
import { getPlantCsv, getPlantEnergy, plantEnergyPath } from './plant-history-api';
import { shownPeriods, viewTotals } from './plant-history-model';
import { PlantLoadState, Unavailable } from './plant-load-state';
import { usePlantLoad } from './use-plant-load';

/** Years the year view asks for back from the anchor's; the ones before the first recorded are left out. */
const YEARS_BACK = 19;
/** How often a view containing today is asked again: today's bar grows slowly. */
export const ENERGY_REFRESH_MS = 300_000;

/** The plant's energy per day of a month, month of a year, or year: stacked by device, and summed. */
export function PlantEnergy({ today }: { today: string }) {
  const { t, locale } = useI18n();
  const [by, setBy] = useState<EnergyBy>('day');
  const [anchor, setAnchor] = useState(today);
  const [from, to] = energyRange(by, anchor, String(Number(today.slice(0, 4)) - YEARS_BACK));
  const load = useCallback((signal: AbortSignal) => getPlantEnergy(by, from, to, signal), [by, from, to]);
  const state = usePlantLoad(load, from <= today && today <= to ? ENERGY_REFRESH_MS : undefined);
  const answer = state.data;
  const names = answer?.devices.map(({ name }) => name) ?? [];
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
    <EnergyCard
      id="plant-energy-title"
      title={t('plantHistory.Energy')}
      download={download}
      downloadLabel={t('home.DownloadCsv')}
      className="card power-chart"
    >
      <BySelect
        id="plant-history-by"
        label={t('plantHistory.By')}
        value={by}
        onChange={setBy}
        optionLabel={(value) => t(`plantHistory.By${BY_TEXT[value]}`)}
      />
      <PeriodSteps
        by={by}
        anchor={anchor}
        today={today}
        period={period}
        onAnchor={setAnchor}
        labels={{ previous: t('plantHistory.Previous'), next: t('plantHistory.Next') }}
      />
      <PlantLoadState state={state}>
        {!answer ? (
          <Spinner />
        ) : (
          <>
            <Unavailable devices={answer.devices} />
            {totals.total === null && <p className="mb-2">{t('plantHistory.NoEnergy', { period })}</p>}
            <PlantEnergyBars
              periods={periods}
              names={names}
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

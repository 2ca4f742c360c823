import { useCallback, useState } from 'react';
import { energyPath, getCsv, getEnergy } from '../../api/history';
import { useApiData } from '../../api/use-api-data';
import { SelectField } from '../../components/form/controls';
import { PeriodFlow } from '../../components/energy-flow/period-flow';
import { EnergyCard } from '../../components/history/energy-card';
import { BY_TEXT, BySelect, PeriodSteps, useEnergyView } from '../../components/history/period-steps';
import { Spinner } from '../../components/spinner';
import { useI18n } from '../../i18n/i18n-provider';
import { saveBlob } from '../../lib/download';
import { energyBars, energySummary, formatKwh, periodLabel, type Bar } from '../../lib/energy';
import { BarPlot, highestStack, StackedBar } from '../../components/history/bar-plot';

/** Energy as bars: the days of a month, the months of a year, or the years; all inverters or one. */
/** A bar in the theme's colour, the picked one in the sun's. */
const pickedFill = (_: number, shown: boolean) => (shown ? 'var(--bs-warning)' : 'var(--bs-primary)');

export function EnergyHistory({ today, firstYear }: { today: string; firstYear: string }) {
  const { t, locale } = useI18n();
  const view = useEnergyView(today, firstYear);
  const { by, setBy, from, to } = view;
  const [serial, setSerial] = useState('');
  const load = useCallback((signal: AbortSignal) => getEnergy(by, from, to, signal), [by, from, to]);
  const { data } = useApiData(load);
  const answer = data?.by === by && data.from === from ? data : undefined;
  const bars = answer ? energyBars(answer, serial || undefined) : [];
  const { total, best } = energySummary(bars);
  const kwh = (wh: number) => formatKwh(locale, wh);
  const period =
    by === 'year'
      ? `${from.slice(0, 4)}–${to.slice(0, 4)}`
      : periodLabel(locale, from.slice(0, by === 'day' ? 7 : 4));
  const each = answer && !serial && answer.inverters.length > 1 ? answer.inverters : [];
  const readOut = (bar: Bar) => {
    const row = answer?.periods.find((p) => p.period === bar.period);
    const parts = each.map(
      ({ serial: s, name }) => `${name} ${row?.inverters[s] == null ? '–' : kwh(row.inverters[s]!)}`,
    );
    return `${periodLabel(locale, bar.period)}: ${bar.wh === null ? '–' : kwh(bar.wh)}${parts.length ? ` (${parts.join(', ')})` : ''}`;
  };
  const download = () =>
    void getCsv(energyPath(by, from, to, serial || undefined, true)).then((csv) =>
      saveBlob(csv, `energy-${by}-${from}-${to}${serial ? `-${serial}` : ''}.csv`),
    );

  return (
    <EnergyCard title={t('history.Energy')} download={download}>
      <div className="row g-2">
        <div className="col-sm-6">
          <BySelect id="history-by" texts="history" value={by} onChange={setBy} />
        </div>
        <div className="col-sm-6">
          <SelectField
            id="history-inverter"
            label={t('history.Inverter')}
            value={serial}
            onChange={setSerial}
            options={[
              { value: '', label: t('history.AllInverters') },
              ...(data?.inverters ?? []).map(({ serial: value, name }) => ({ value, label: name })),
            ]}
          />
        </div>
      </div>
      <PeriodSteps view={view} period={period} texts="history" />
      {!answer ? (
        <Spinner />
      ) : (
        <>
          <p className="visually-hidden" data-energy-summary="">
            {total === null || !best
              ? t('history.NoEnergy', { period })
              : t(`history.Summary${BY_TEXT[by]}`, {
                  period,
                  energy: kwh(total),
                  best: periodLabel(locale, best.period),
                  most: kwh(best.wh!),
                })}
          </p>
          <BarPlot
            periods={bars}
            most={highestStack(bars.map((bar) => [bar.wh ?? 0]))}
            bar={(bar, place, shown) => (
              <StackedBar segments={[bar.wh ?? 0]} place={place} shown={shown} fill={pickedFill} />
            )}
            readOut={readOut}
            hint={t('history.Pick')}
            label={t('history.Bars')}
          />
          <ul className="list-unstyled d-flex flex-wrap column-gap-3 small mb-0" data-energy-totals="">
            <li className="fw-semibold">
              {t('history.Total', { period, energy: total === null ? '–' : kwh(total) })}
            </li>
            {each.map(({ serial: s, name }) => {
              const sum = energySummary(energyBars(answer, s)).total;
              return (
                <li key={s}>
                  {name}: {sum === null ? '–' : kwh(sum)}
                </li>
              );
            })}
          </ul>
          {/* The grid meter is the house's: its flow goes with all inverters, not one. */}
          {!serial && <PeriodFlow periods={answer.periods} title={period} />}
        </>
      )}
    </EnergyCard>
  );
}

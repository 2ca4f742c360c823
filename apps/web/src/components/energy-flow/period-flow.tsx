import { energyFlow, type EnergyFlowFields } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatKwh, periodLabel } from '../../lib/energy';
import { FlowBars, type FlowBar } from './flow-bars';
import { FlowFigures } from './flow-figures';

/** A period of an energy answer with its flow (the device's or the plant's). */
export type FlowPeriod = EnergyFlowFields & { period: string };

/**
 * The view's flow in sum, over the periods the grid meter covered: their production and grid
 * energy added, the rest derived. A period without the meter's figures adds nothing, not even
 * its production (it would count as the sun's energy used at home).
 */
export function flowInSum(periods: readonly FlowPeriod[]): EnergyFlowFields {
  const metered = periods.filter((period) => period.imported_wh !== null && period.exported_wh !== null);
  const produced = metered.filter((period) => period.produced_wh !== null);
  return energyFlow(
    produced.length ? produced.reduce((sum, period) => sum + period.produced_wh!, 0) : null,
    metered.length
      ? {
          importWh: metered.reduce((sum, period) => sum + period.imported_wh!, 0),
          exportWh: metered.reduce((sum, period) => sum + period.exported_wh!, 0),
        }
      : null,
    metered.length
      ? metered.length === periods.length && metered.every((p) => p.grid_complete === true)
      : null,
  );
}

/**
 * The flow of an energy view (days of a month, months of a year, the years; companion
 * build, issue 45): its figures in sum and a bar a period. Nothing while no period of the
 * view has the grid meter's figures.
 */
export function PeriodFlow({ periods, title }: { periods: readonly FlowPeriod[]; title: string }) {
  const { t, locale } = useI18n();
  if (!periods.some((period) => period.imported_wh !== null)) return null;
  const bars: FlowBar[] = periods.map((period) => ({
    period: period.period,
    selfUsed: period.self_used_wh,
    imported: period.imported_wh,
    exported: period.exported_wh,
  }));
  const kwh = (wh: number | null) => (wh === null ? '–' : formatKwh(locale, wh));
  return (
    <section className="mt-3" aria-labelledby="flow-period-title" data-flow-period="">
      <h3 className="h6" id="flow-period-title">
        {t('meter.FlowPeriod', { period: title })}
      </h3>
      <FlowFigures flow={flowInSum(periods)} />
      <FlowBars
        bars={bars}
        hint={t('history.Pick')}
        readOut={(bar) =>
          t('meter.PeriodReadOut', {
            period: periodLabel(locale, bar.period),
            selfUsed: kwh(bar.selfUsed),
            imported: kwh(bar.imported),
            exported: kwh(bar.exported),
          })
        }
      />
    </section>
  );
}

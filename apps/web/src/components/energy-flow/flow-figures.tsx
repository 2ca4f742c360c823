import type { EnergyFlowFields } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatKwh } from '../../lib/energy';
import { formatPercent } from '../../lib/format';

/**
 * A period's flow in figures (companion build, issue 45): what the sun made, what of it the
 * house used and what went into the grid, what came from the grid, what the house used in
 * all, and the two shares in percent with the kWh they are of. `data-flow-figure` names
 * each for tests.
 */
export function FlowFigures({ flow }: { flow: EnergyFlowFields }) {
  const { t, locale } = useI18n();
  const kwh = (wh: number | null) => (wh === null ? '–' : formatKwh(locale, wh));
  const share = (percent: number | null, key: string) =>
    percent === null || flow.self_used_wh === null
      ? '–'
      : t(key, { percent: formatPercent(locale, percent, 1), energy: kwh(flow.self_used_wh) });
  const figures: [string, string, string][] = [
    ['produced', t('meter.Produced'), kwh(flow.produced_wh)],
    ['self-used', t('meter.SelfUsed'), kwh(flow.self_used_wh)],
    ['exported', t('meter.Exported'), kwh(flow.exported_wh)],
    ['imported', t('meter.Imported'), kwh(flow.imported_wh)],
    ['consumption', t('meter.Consumption'), kwh(flow.consumption_wh)],
    [
      'self-consumption',
      t('meter.SelfConsumption'),
      share(flow.self_consumption_pct, 'meter.SelfConsumptionValue'),
    ],
    [
      'self-sufficiency',
      t('meter.SelfSufficiency'),
      share(flow.self_sufficiency_pct, 'meter.SelfSufficiencyValue'),
    ],
  ];
  return (
    <>
      <dl className="row g-2 mb-2 small" data-flow-figures="">
        {figures.map(([name, term, value]) => (
          <div
            key={name}
            className={
              name.startsWith('self-') && name !== 'self-used' ? 'col-12 col-md-6' : 'col-6 col-md-4 col-xl'
            }
          >
            <dt className="fw-normal text-body-secondary">{term}</dt>
            <dd className="fw-semibold mb-0" data-flow-figure={name}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {flow.grid_complete === false && (
        <p className="small text-warning-emphasis mb-2">{t('meter.Partial')}</p>
      )}
    </>
  );
}

import type { PlantDevice, PlantTotals } from '@opendtu/api';
import { Alert } from '../../components/api-alert';
import { useI18n } from '../../i18n/i18n-provider';
import { formatPower, formatSince, formatYieldDay, formatYieldTotal } from './plant-format';
import { Section } from '../../components/card';

/**
 * The plant's sums, and beside them, when they lack a device, which and why: a smaller
 * sum never passes for the whole plant. No live region: new figures every 2 s would
 * drown a screen reader; the warning is an alert, announced when it appears.
 */
export function PlantTotalsSection({ totals, devices }: { totals: PlantTotals; devices: PlantDevice[] }) {
  const { t, locale } = useI18n();
  const figures = [
    ['plant.PowerNow', formatPower(locale, totals.power_w)],
    ['plant.YieldToday', formatYieldDay(locale, totals.yield_day_wh)],
    ['plant.YieldTotal', formatYieldTotal(locale, totals.yield_total_kwh)],
  ] as const;
  return (
    <Section title={t('plant.Totals')}>
      <div className="row g-3 align-items-start">
        <div className={totals.lacking.length > 0 ? 'col-lg-7' : 'col-12'}>
          <dl className="row g-3 mb-0" data-totals="">
            {figures.map(([key, value]) => (
              <div key={key} className="col-12 col-sm-4">
                <dt className="fw-normal text-body-secondary">{t(key)}</dt>
                <dd className="fs-3 mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        {totals.lacking.length > 0 && (
          <div className="col-lg-5">
            <Alert variant="warning" className="mb-0">
              <strong>{t('plant.Incomplete')}</strong>
              <ul className="mb-0 mt-1">
                {totals.lacking.map((name) => {
                  const device = devices.find((candidate) => candidate.name === name);
                  return (
                    <li key={name}>
                      {device?.online === false
                        ? device.offline_since
                          ? t('plant.WithoutOfflineSince', {
                              device: name,
                              time: formatSince(locale, device.offline_since),
                            })
                          : t('plant.WithoutOffline', { device: name })
                        : t('plant.WithoutNoValues', { device: name })}
                    </li>
                  );
                })}
              </ul>
            </Alert>
          </div>
        )}
      </div>
    </Section>
  );
}

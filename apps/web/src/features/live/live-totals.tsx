import type { ValueObject } from '@opendtu/api';
import { useLive } from '../../api/live-store';
import { useI18n } from '../../i18n/i18n-provider';
import { formatValue } from '../../lib/format';

/**
 * Total yield, yield today and total power, read from the live store (a frame that repeats
 * them renders nothing); `data-live-totals` marks live data on screen.
 */
export function LiveTotals() {
  const { t, locale } = useI18n();
  const total = useLive((live) => live.total);
  if (!total) return null;
  // `data-total` names the figure for tests and the bench, whatever its label's key.
  const items: [string, string, ValueObject][] = [
    ['TotalYieldTotal', 'inverterchannelproperty.YieldTotal', total.YieldTotal],
    ['TotalYieldDay', 'inverterchannelproperty.YieldDay', total.YieldDay],
    ['TotalPower', 'invertertotalinfo.TotalPower', total.Power],
  ];
  return (
    <div className="row row-cols-1 row-cols-sm-3 g-2 g-sm-3 mb-3 text-sm-center" data-live-totals="">
      {items.map(([name, key, value]) => (
        <div className="col" key={name}>
          <div className="card h-100">
            <div className="card-body py-2 d-flex d-sm-block justify-content-between align-items-baseline">
              <h2 className="h6 card-title text-body-secondary mb-0 mb-sm-1">{t(key)}</h2>
              <p className="fs-5 fw-semibold mb-0" data-total={name}>
                {formatValue(locale, value)}
              </p>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

import { isLiveInverterFull } from '@opendtu/api';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLoggedIn } from '../../api/auth';
import { commandOf, useCommands, watchStatus } from '../../api/commands';
import { liveStore, useLiveData } from '../../api/live-store';
import { liveSocket } from '../../api/livedata';
import { useSocketOnline } from '../../api/socket';
import { Alert } from '../../components/api-alert';
import { LimitDialog } from '../../components/limit-dialog';
import { PageFrame } from '../../components/page-frame';
import { peakLabel, peakText } from '../../components/peak-text';
import { useI18n } from '../../i18n/i18n-provider';
import type { LiveInverter } from '../../lib/live-merge';
import { formatValue } from '../../lib/format';
import { Entry, InverterRow, PowerCell } from './overview-row';

const power = (inverter: LiveInverter) =>
  isLiveInverterFull(inverter) ? (inverter.AC['0']?.Power?.v ?? 0) : 0;

const SORTS = {
  order: (a: LiveInverter, b: LiveInverter) => a.order - b.order,
  name: (a: LiveInverter, b: LiveInverter) => a.name.localeCompare(b.name),
  power: (a: LiveInverter, b: LiveInverter) => power(b) - power(a),
};
type SortKey = keyof typeof SORTS;

/**
 * The whole plant on one screen (issue 23): every inverter with its strings, from the
 * same live store as the live view, and one limit for several inverters.
 */
export function OverviewPage() {
  const { t, locale } = useI18n();
  const online = useSocketOnline(liveSocket);
  const live = useLiveData();
  const snapshot = useCommands();
  const loggedIn = useLoggedIn();
  const sortId = useId();
  const [sort, setSort] = useState<SortKey>('order');
  const [limitOpen, setLimitOpen] = useState(false);
  const peakTitle = peakLabel(t, locale, live.peaks?.since);
  // One array while nothing changed, so the memoised rows keep skipping (the device's
  // texts end with a colon).
  const labels = useMemo(() => {
    const bare = (key: string) => t(key).replace(/\s*:$/, '');
    return [
      t('inverterchannelproperty.Power'),
      t('inverterchannelproperty.YieldDay'),
      bare('home.CurrentLimit'),
      t('inverterchannelproperty.Temperature'),
      bare('dataagedisplay.DataAge'),
      peakTitle,
    ];
  }, [t, peakTitle]);
  // The rated powers for the bars: one status answer now (watching and at once letting go).
  useEffect(() => watchStatus('limit')(), []);

  const inverters = [...live.inverters].sort(SORTS[sort]);
  const rated = (inverter: LiveInverter) => snapshot.limit?.[inverter.serial]?.max_power ?? 0;
  const needsLogin = loggedIn ? undefined : t('home.LoginRequired');
  return (
    <PageFrame
      title={t('menu.Overview')}
      online={online}
      onReload={liveStore.reload}
      isLoading={!live.loaded}
    >
      {inverters.length === 0 ? (
        <Alert variant="info">{t('home.NoInverters')}</Alert>
      ) : (
        <>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <label htmlFor={sortId}>{t('overview.Sort')}</label>
            <select
              id={sortId}
              className="form-select me-auto"
              style={{ width: 'auto' }}
              value={sort}
              onChange={(event) => setSort(event.target.value as SortKey)}
            >
              {(
                [
                  'inverteradmin.Order',
                  'inverteradmin.InverterName',
                  'inverterchannelproperty.Power',
                ] as const
              ).map((key, i) => (
                <option key={key} value={Object.keys(SORTS)[i]}>
                  {t(key)}
                </option>
              ))}
            </select>
            <span title={needsLogin}>
              <button
                type="button"
                className="btn btn-primary"
                disabled={!loggedIn}
                onClick={() => setLimitOpen(true)}
              >
                {t('home.ShowSetInverterLimit')}
              </button>
            </span>
            {needsLogin && <small className="text-body-secondary w-100">{needsLogin}</small>}
          </div>
          {inverters.map((inverter) => (
            <InverterRow
              key={inverter.serial}
              inverter={inverter}
              peaks={live.peaks?.inverters[inverter.serial]}
              labels={labels}
              rated={rated(inverter)}
              command={commandOf(snapshot, 'limit', inverter.serial)}
              noClock={live.hints?.time_sync}
            />
          ))}
          {live.total && (
            <Entry
              data-totals=""
              labels={[labels[0]!, labels[1]!, peakTitle]}
              title={<strong>{t('overview.Total')}</strong>}
              cells={[
                <PowerCell
                  value={live.total.Power}
                  max={inverters.reduce((sum, inverter) => sum + rated(inverter), 0)}
                  label={labels[0]!}
                />,
                formatValue(locale, live.total.YieldDay),
                peakText(locale, live.peaks?.total),
              ]}
            />
          )}
        </>
      )}
      {limitOpen && (
        <LimitDialog inverters={[...live.inverters].sort(SORTS.order)} onClose={() => setLimitOpen(false)} />
      )}
    </PageFrame>
  );
}

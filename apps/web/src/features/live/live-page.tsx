import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useConnection } from '../../api/connection';
import { liveStore, useLiveData } from '../../api/live-store';
import { useReportFailure } from '../../api/load-failure';
import { Alert } from '../../components/api-alert';
import { EnergyFlowCard } from '../../components/energy-flow/flow-card';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { byOrder } from '../../lib/live-merge';
import { ROUTES } from '../../lib/route-paths';
import { HintBanners } from './hint-banners';
import { InverterPills } from './inverter-pills';
import { InverterView } from './inverter-view';
import { LiveTotals } from './live-totals';
import { PowerChart } from '../../components/chart/power-chart';

/** The home screen (spec §2 "Live view"): hints, totals, the inverters, the day's curve. */
export function LivePage() {
  const { t } = useI18n();
  const { state } = useConnection();
  const live = useLiveData();
  useReportFailure(live.error, liveStore.reload);
  const inverters = byOrder(live.inverters);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get('inv');
  const selected = inverters.find((inverter) => inverter.serial === wanted) ?? inverters[0];
  const noClock = live.hints?.time_sync;

  useEffect(() => {
    if (selected) liveStore.requestFull(selected.serial);
  }, [selected]);

  const select = (serial: string) =>
    navigate(`${location}?inv=${encodeURIComponent(serial)}`, { replace: true });

  return (
    <PageFrame title={t('home.LiveData')} online={state} onReload={liveStore.reload}>
      {live.polling && <Alert variant="info">{t('home.PollingFallback')}</Alert>}
      {live.hints && <HintBanners hints={live.hints} />}
      {/* The grid meter's flow beside the totals lives in the companion build only (issue 45):
          written as a choice of the whole child, so the device build's code stays byte for byte. */}
      {live.loaded &&
        live.total &&
        (import.meta.env.MODE === 'companion' ? (
          <>
            <LiveTotals total={live.total} />
            <EnergyFlowCard sunW={live.total.Power.v} />
          </>
        ) : (
          <LiveTotals total={live.total} />
        ))}
      {!live.loaded ? (
        <p className="text-body-secondary">{t('home.LoadingInverter')}</p>
      ) : inverters.length === 0 ? (
        <Alert variant="info">{t('home.NoInverters')}</Alert>
      ) : (
        <div className="row g-3">
          {inverters.length > 1 && (
            <div className="col-lg-3 col-xl-2">
              <Link href={ROUTES.overview} className="btn btn-outline-primary btn-sm mb-2">
                {t('menu.Overview')}
              </Link>
              <InverterPills
                inverters={inverters}
                selected={selected?.serial}
                onSelect={select}
                noClock={noClock}
              />
            </div>
          )}
          <div className={inverters.length > 1 ? 'col-lg-9 col-xl-10' : 'col-12'}>
            {selected && (
              <InverterView
                key={selected.serial}
                inverter={selected}
                peaks={live.peaks?.inverters[selected.serial]}
                since={live.peaks?.since}
                noClock={noClock}
              />
            )}
          </div>
        </div>
      )}
      {live.loaded && inverters.length > 0 && <PowerChart curve={live.curve} inverters={inverters} />}
    </PageFrame>
  );
}

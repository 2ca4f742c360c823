import { isLiveInverterFull } from '@opendtu/api';
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from '../../components/router';
import { useConnection } from '../../api/connection';
import { liveStore, selectInverter, selectRoster, useLive, type RosterEntry } from '../../api/live-store';
import { useReportFailure } from '../../api/load-failure';
import { Alert } from '../../components/api-alert';
import { EnergyFlowCard } from '../../components/energy-flow/flow-card';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { ROUTES } from '../../lib/route-paths';
import { HintBanners } from './hint-banners';
import { InverterPills } from './inverter-pills';
import { InverterView } from './inverter-view';
import { LiveTotals } from './live-totals';
import { PowerChart } from '../../components/chart/power-chart';

/** The grid meter's flow card beside the totals, with the inverters' power now (companion build). */
function LiveFlow() {
  const sunW = useLive((live) => live.total?.Power.v);
  return sunW === undefined ? null : <EnergyFlowCard sunW={sunW} />;
}

/**
 * The home screen (spec §2 "Live view"): hints, totals, the inverters, the day's curve.
 * Each part reads its own slice of the live data (useLive), so a frame renders the totals,
 * the chart and what shows the inverter it is about, not the page around them.
 */
export function LivePage() {
  const { t } = useI18n();
  const { state } = useConnection();
  const loaded = useLive((live) => live.loaded);
  const polling = useLive((live) => live.polling);
  const hints = useLive((live) => live.hints);
  const roster = useLive(selectRoster);
  useReportFailure(
    useLive((live) => live.error),
    liveStore.reload,
  );
  const search = useSearch();
  const [location, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get('inv');
  const selected = (roster.find((inverter) => inverter.serial === wanted) ?? roster[0])?.serial;
  const noClock = hints?.time_sync;
  // The chart waits below for the shown inverter's channels: they arrive a moment after the
  // list and grow its card, which would push a chart already there down the page.
  const channelsShown = useLive((live) => {
    const inverter = selectInverter(selected)(live);
    return !!inverter && isLiveInverterFull(inverter);
  });

  useEffect(() => {
    if (selected) liveStore.requestFull(selected);
  }, [selected]);

  const select = (serial: string) =>
    navigate(`${location}?inv=${encodeURIComponent(serial)}`, { replace: true });

  return (
    <PageFrame title={t('home.LiveData')} online={state} onReload={liveStore.reload}>
      {polling && <Alert variant="info">{t('home.PollingFallback')}</Alert>}
      {hints && <HintBanners hints={hints} />}
      {/* The grid meter's flow beside the totals lives in the companion build only (issue 45):
          written as a choice of the whole child, so the device build's code stays byte for byte. */}
      {loaded &&
        (import.meta.env.MODE === 'companion' ? (
          <>
            <LiveTotals />
            <LiveFlow />
          </>
        ) : (
          <LiveTotals />
        ))}
      {!loaded ? (
        <p className="text-body-secondary">{t('home.LoadingInverter')}</p>
      ) : roster.length === 0 ? (
        <Alert variant="info">{t('home.NoInverters')}</Alert>
      ) : (
        <div className="row g-3">
          {roster.length > 1 && (
            <div className="col-lg-3 col-xl-2">
              <Link href={ROUTES.overview} className="btn btn-outline-primary btn-sm mb-2">
                {t('menu.Overview')}
              </Link>
              <InverterPills roster={roster} selected={selected} onSelect={select} noClock={noClock} />
            </div>
          )}
          <div className={roster.length > 1 ? 'col-lg-9 col-xl-10' : 'col-12'}>
            {selected && <SelectedInverter key={selected} serial={selected} noClock={noClock} />}
          </div>
        </div>
      )}
      {channelsShown && <Chart roster={roster} />}
    </PageFrame>
  );
}

function SelectedInverter({ serial, noClock }: { serial: string; noClock: boolean | undefined }) {
  const inverter = useLive(selectInverter(serial));
  const peaks = useLive((live) => live.peaks?.inverters[serial]);
  const since = useLive((live) => live.peaks?.since);
  return inverter ? <InverterView inverter={inverter} peaks={peaks} since={since} noClock={noClock} /> : null;
}

function Chart({ roster }: { roster: readonly RosterEntry[] }) {
  return <PowerChart curve={useLive((live) => live.curve)} inverters={roster} />;
}

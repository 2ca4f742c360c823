import type { MeterAnswer } from '@opendtu/api';
import { Link } from '../router';
import { useI18n } from '../../i18n/i18n-provider';
import { flowNow, surplusOf, type FlowNow } from '../../lib/energy-flow';
import { COMPANION_ROUTES } from '../../lib/route-paths';
import { formatAge, formatPower } from './flow-format';
import { FlowPicture } from './flow-picture';
import { useMeterReading } from './use-meter-reading';

/**
 * Where the power goes now (companion build, issue 45), beside the live totals: the flow
 * picture of the inverters' power (`sunW`, the live total) and the grid meter's reading,
 * the surplus in words, and each path's watts as text. A reading that ages is shown with
 * its age, then not at all ("no reading"), never as 0 W. Without a meter nothing, or (with
 * `setUp`) how to set one.
 */
export function EnergyFlowCard({
  sunW,
  path,
  setUp = false,
}: {
  sunW: number | undefined;
  /** The plant's meter's path (PLANT_METER); default: the device's. */
  path?: string;
  /** Whether a card without a meter says how to set one (else it is not shown: most owners have none). */
  setUp?: boolean;
}) {
  const answer = useMeterReading(path);
  if (!answer || (answer.state === 'off' && !setUp)) return null;
  return (
    <section className="card mb-3" aria-labelledby="flow-now-title" data-flow-card={answer.state}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <FlowTitle />
      </div>
      <div className="card-body">
        <FlowBody answer={answer} sunW={sunW} />
      </div>
    </section>
  );
}

function FlowTitle() {
  const { t } = useI18n();
  return (
    <h2 className="h6 mb-0 me-auto" id="flow-now-title">
      {t('meter.FlowNow')}
    </h2>
  );
}

function FlowBody({ answer, sunW }: { answer: MeterAnswer; sunW: number | undefined }) {
  const { t, locale } = useI18n();
  if (answer.state === 'off')
    return (
      <p className="mb-0">
        {t('meter.NotSet')} <Link href={COMPANION_ROUTES.meter}>{t('meter.SetUp')}</Link>
      </p>
    );
  const reading = answer.power_w;
  const flow = reading !== null && sunW !== undefined ? flowNow(sunW, reading) : undefined;
  // The device's own wall clock, as the server wrote it.
  const since = answer.at ? answer.at.slice(11, 16) : '–';
  return (
    <div className="row g-3 align-items-center">
      <div className="col-md-6">
        <FlowPicture flow={flow} sunW={sunW} />
      </div>
      <div className="col-md-6" aria-live="polite">
        {flow ? (
          <FlowWords flow={flow} />
        ) : (
          <p className="fw-semibold" data-flow-surplus="">
            {answer.state === 'waiting' ? t('meter.NoReadingYet') : t('meter.NoReading', { time: since })}
          </p>
        )}
        {answer.state === 'old' && answer.age_s !== null && (
          <p className="text-warning-emphasis mb-1" data-flow-age="">
            {t('meter.ReadAgo', { age: formatAge(locale, answer.age_s) })}
          </p>
        )}
        {answer.error && answer.state !== 'fresh' && (
          <p className="small text-body-secondary mb-0">{t('meter.MeterError', { error: answer.error })}</p>
        )}
      </div>
    </div>
  );
}

/** The surplus in a sentence and each path's watts, the picture in words. */
function FlowWords({ flow }: { flow: FlowNow }) {
  const { t, locale } = useI18n();
  const power = (w: number) => formatPower(locale, w);
  const surplus = surplusOf(flow);
  return (
    <>
      <p className="fs-5 fw-semibold mb-2" data-flow-surplus={surplus}>
        {surplus === 'spare'
          ? t('meter.Spare', { power: power(flow.sunToGridW) })
          : surplus === 'short'
            ? t('meter.Short', { power: power(flow.gridToHouseW) })
            : t('meter.Even')}
      </p>
      <p className="mb-2">{t('meter.HouseUses', { power: power(flow.houseW) })}</p>
      <ul className="list-unstyled small mb-2" data-flow-paths="">
        <li>{t('meter.SunToHouse', { power: power(flow.sunToHouseW) })}</li>
        <li>{t('meter.SunToGrid', { power: power(flow.sunToGridW) })}</li>
        <li>{t('meter.GridToHouse', { power: power(flow.gridToHouseW) })}</li>
      </ul>
    </>
  );
}

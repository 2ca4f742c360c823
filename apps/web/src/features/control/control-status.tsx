import type { ControlAnswer } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatClock, formatMeasure } from '../../lib/format';
import { gridKey, stateKeys } from './control-words';

/**
 * What the controller does now, in words, with the grid meter's power and the pause
 * button. A pause is answered once every inverter has its own limit back, so the button
 * waits for it and then says so (`notice`, a live region).
 */
export function ControlStatus({
  control,
  busy,
  notice,
  onPause,
}: {
  control: ControlAnswer;
  busy: boolean;
  notice: string | undefined;
  onPause: (paused: boolean) => void;
}) {
  const { t, locale } = useI18n();
  const { meter, settings, paused } = control;
  const keys = stateKeys(control.state, !paused && !!control.schedule?.off);
  // A schedule window may set another target than the settings' for a while.
  const target = control.schedule?.target_w ?? settings.target_w;
  const w = (value: number) => formatMeasure(locale, value, 'W', 0);
  return (
    <section className="card mb-3" aria-labelledby="control-state">
      <div className="card-body">
        <p className="small text-body-secondary mb-1">{t('control.StateNow')}</p>
        <h2 className="h4" id="control-state" data-control-state={control.state}>
          {keys ? t(keys.name) : control.state}
        </h2>
        {keys && (
          <p>
            {t(keys.why, {
              target: w(target),
              band: w(settings.band_w),
              interval: settings.interval_s,
              hold: control.hold_s,
            })}
          </p>
        )}
        {control.schedule?.target_w != null && (
          <p className="small">{t('control.ScheduleTarget', { target: w(control.schedule.target_w) })}</p>
        )}
        <p className="mb-1" data-control-meter="">
          {meter.power_w === null
            ? t('control.MeterNone')
            : t(gridKey(meter.power_w), { power: w(Math.abs(meter.power_w)) })}
        </p>
        {meter.at && (
          <p
            className={`small mb-1${meter.stale ? ' text-danger-emphasis fw-semibold' : ' text-body-secondary'}`}
          >
            {t(meter.stale ? 'control.MeterStale' : 'control.MeterAt', {
              time: formatClock(locale, Date.parse(meter.at), true),
            })}
          </p>
        )}
        {meter.error && (
          <p className="small text-danger-emphasis mb-1">{t('control.MeterError', { error: meter.error })}</p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
          <button
            type="button"
            className={`btn ${paused ? 'btn-primary' : 'btn-outline-primary'}`}
            disabled={busy}
            onClick={() => onPause(!paused)}
          >
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t(
              busy
                ? paused
                  ? 'control.Resuming'
                  : 'control.Pausing'
                : paused
                  ? 'control.Resume'
                  : 'control.Pause',
            )}
          </button>
          <span className="small" role="status">
            {notice}
          </span>
        </div>
      </div>
    </section>
  );
}

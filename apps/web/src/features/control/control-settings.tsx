import type { ControlAnswer } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatMeasure } from '../../lib/format';

/**
 * The controller's settings as the server runs with them. Read-only: they are the
 * companion's --control-* options (flags, environment or its config file), read at start.
 */
export function ControlSettings({
  settings,
  names,
}: {
  settings: ControlAnswer['settings'];
  names: Readonly<Record<string, string>>;
}) {
  const { t, locale } = useI18n();
  const w = (value: number) => formatMeasure(locale, value, 'W', 0);
  const rows: [string, string][] = [
    [
      t('control.Meter'),
      `${settings.meter.kind}: ${settings.meter.url}${settings.meter.path ? `#${settings.meter.path}` : ''}`,
    ],
    [t('control.Poll'), t('control.Seconds', { s: settings.meter.poll_s })],
    [t('control.Target'), w(settings.target_w)],
    [t('control.Band'), `± ${w(settings.band_w)}`],
    [t('control.Interval'), t('control.Seconds', { s: settings.interval_s })],
    [
      t('control.Inverters'),
      settings.inverters === 'all'
        ? t('control.AllInverters')
        : settings.inverters.map((serial) => names[serial] ?? serial).join(', '),
    ],
    [
      t('control.Fallback'),
      settings.fallback === 'before' ? t('control.FallbackBefore') : w(settings.fallback),
    ],
  ];
  return (
    <section className="card mb-3" aria-labelledby="control-settings-title">
      <div className="card-header">
        <h2 className="h6 mb-0" id="control-settings-title">
          {t('control.Settings')}
        </h2>
      </div>
      <div className="card-body">
        <dl className="row mb-2 small">
          {rows.map(([name, value]) => (
            <div key={name} className="col-12 d-sm-flex gap-2">
              <dt className="fw-semibold">{name}</dt>
              <dd className="mb-1 text-break">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="small text-body-secondary mb-0">{t('control.SettingsNote')}</p>
      </div>
    </section>
  );
}

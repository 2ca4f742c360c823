import { useI18n } from '../../i18n/i18n-provider';

/** The server runs without a meter: what control does and the option that turns it on. */
export function ControlOff() {
  const { t } = useI18n();
  return (
    <section className="card" aria-labelledby="control-off-title" data-control-off="">
      <div className="card-body">
        <h2 className="h5 card-title" id="control-off-title">
          {t('control.Off')}
        </h2>
        <p>{t('control.OffWhat')}</p>
        <p className="mb-2">{t('control.OffHow')}</p>
        <pre className="bg-body-tertiary border rounded p-2 small text-wrap text-break">
          <code>--control-meter shelly-pro-3em:http://192.168.1.60</code>
        </pre>
        <p className="mb-0 small text-body-secondary">{t('control.OffMore')}</p>
      </div>
    </section>
  );
}

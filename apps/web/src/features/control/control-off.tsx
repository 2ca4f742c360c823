import { useI18n } from '../../i18n/i18n-provider';

/** Zero export is off: what it does, and that the settings below turn it on. */
export function ControlOff() {
  const { t } = useI18n();
  return (
    <section className="card mb-3" aria-labelledby="control-off-title" data-control-off="">
      <div className="card-body">
        <h2 className="h5 card-title" id="control-off-title">
          {t('control.Off')}
        </h2>
        <p>{t('control.OffWhat')}</p>
        <p className="mb-0">{t('control.OffHow')}</p>
      </div>
    </section>
  );
}

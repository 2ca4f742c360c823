import { useI18n } from '../i18n/i18n-provider';

/** The centred loading indicator of a page or card. */
export function Spinner() {
  const { t } = useI18n();
  return (
    <div className="text-center my-4">
      <div className="spinner-border" role="status">
        <span className="visually-hidden">{t('base.Loading')}</span>
      </div>
    </div>
  );
}

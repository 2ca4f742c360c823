import { PageFrame } from '../components/page-frame';
import { useI18n } from '../i18n/i18n-provider';

/** A route whose screen arrives with its own issue: title and navigation already work. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useI18n();
  return (
    <PageFrame title={t(titleKey)}>
      <p className="text-body-secondary">{t('base.ComingSoon')}</p>
    </PageFrame>
  );
}

import { Link } from '../components/router';
import { PageFrame } from '../components/page-frame';
import { useI18n } from '../i18n/i18n-provider';
import { ROUTES } from '../lib/route-paths';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <PageFrame title={t('base.NotFound')}>
      <p>{t('base.NotFoundHint')}</p>
      <Link className="btn btn-primary" href={ROUTES.home}>
        {t('Error.Back')}
      </Link>
    </PageFrame>
  );
}

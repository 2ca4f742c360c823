import { Link, useSearch } from 'wouter';
import { PageFrame } from '../components/page-frame';
import { useI18n } from '../i18n/i18n-provider';
import { ROUTES } from './routes';

/** The generic failure screen (spec §8): 'Oops', the message and the HTTP status. */
export function ErrorPage() {
  const { t } = useI18n();
  const params = new URLSearchParams(useSearch());
  const message = params.get('message') ?? '';
  const status = Number(params.get('status') ?? 0) || 0;
  return (
    <PageFrame title={t('Error.Oops')}>
      <div className="alert alert-danger" role="alert">
        <p className="mb-1">{message || (status === 0 ? t('Error.NoAnswer') : '')}</p>
        <p className="mb-0 small">{t('Error.Status', { status })}</p>
      </div>
      <Link className="btn btn-primary" href={ROUTES.home}>
        {t('Error.Back')}
      </Link>
    </PageFrame>
  );
}

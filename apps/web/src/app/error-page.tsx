import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { waitForDevice } from '../api/system';
import { FailureDetails, failureText } from '../components/load-error';
import { PageFrame } from '../components/page-frame';
import { useI18n } from '../i18n/i18n-provider';
import { ROUTES, safeReturnUrl } from './routes';

/**
 * The generic failure screen (spec §8): 'Oops', what happened in plain words, the message
 * and HTTP status folded away. When the device did not answer at all, it goes back to the
 * page the user was on as soon as the device answers again.
 */
export function ErrorPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const status = Number(params.get('status') ?? 0) || 0;
  const from = safeReturnUrl(params.get('from'));
  useEffect(() => {
    if (status !== 0) return;
    const controller = new AbortController();
    waitForDevice(controller.signal).then(
      () => navigate(from, { replace: true }),
      () => undefined,
    );
    return () => controller.abort();
  }, [status, from, navigate]);
  return (
    <PageFrame title={t('Error.Oops')}>
      <div className="alert alert-danger" role="alert">
        <p>
          {failureText(t, status)} {status === 0 && t('Error.Retrying')}
        </p>
        <FailureDetails message={params.get('message') ?? ''} status={status} />
      </div>
      <Link className="btn btn-primary me-2" href={from}>
        {t('Error.TryAgain')}
      </Link>
      <Link className="btn btn-outline-primary" href={ROUTES.home}>
        {t('Error.Back')}
      </Link>
    </PageFrame>
  );
}

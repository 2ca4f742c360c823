import { useEffect } from 'react';
import { Link, useLocation, useSearch } from '../components/router';
import { ApiError } from '../api/client';
import { waitForDevice } from '../api/system';
import { LoadError } from '../components/load-error';
import { PageFrame } from '../components/page-frame';
import { useI18n } from '../i18n/i18n-provider';
import { ROUTES, safeReturnUrl } from '../lib/route-paths';

/**
 * The generic failure screen (spec §8): 'Oops', what happened in plain words, the message
 * and HTTP status folded away, and Try again (back to the page the user was on). When the
 * device did not answer at all, it goes back there by itself once the device answers.
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
      <LoadError
        failure={{ error: new ApiError(params.get('message') ?? '', status), retry: () => navigate(from) }}
        auto={status === 0}
      />
      <Link className="btn btn-outline-primary" href={ROUTES.home}>
        {t('Error.Back')}
      </Link>
    </PageFrame>
  );
}

import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { getSystemStatus } from '../api/system';
import { PageFrame } from '../components/page-frame';
import { Spinner } from '../components/spinner';
import { useI18n } from '../i18n/i18n-provider';
import { ROUTES } from './routes';

const POLL_MS = 1000;

/**
 * Waits for the device to come back after a restart, then goes home (spec §2). With
 * `?reload` (after a firmware upgrade, whose image may carry a new web app) home is
 * loaded afresh from the device instead.
 */
export function WaitPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const reload = new URLSearchParams(useSearch()).has('reload');

  useEffect(() => {
    const controller = new AbortController();
    let busy = false;
    const timer = setInterval(() => {
      if (busy || !navigator.onLine) return;
      busy = true;
      getSystemStatus({ handleErrors: false, signal: controller.signal }).then(
        () => (reload ? window.location.replace(document.baseURI) : navigate(ROUTES.home)),
        () => {
          busy = false;
        },
      );
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [navigate, reload]);

  return (
    <PageFrame title={t('wait.NotReady')}>
      <p>{t('wait.PleaseWait')}</p>
      <Spinner />
    </PageFrame>
  );
}

import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { getSystemStatus } from '../api/system';
import { PageFrame } from '../components/page-frame';
import { Spinner } from '../components/spinner';
import { useI18n } from '../i18n/i18n-provider';
import { ROUTES } from './routes';

const POLL_MS = 1000;

/** Waits for the device to come back after a restart, then goes home (spec §2). */
export function WaitPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();

  useEffect(() => {
    const controller = new AbortController();
    let busy = false;
    const timer = setInterval(() => {
      if (busy || !navigator.onLine) return;
      busy = true;
      getSystemStatus({ handleErrors: false, signal: controller.signal }).then(
        () => navigate(ROUTES.home),
        () => {
          busy = false;
        },
      );
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [navigate]);

  return (
    <PageFrame title={t('wait.NotReady')}>
      <p>{t('wait.PleaseWait')}</p>
      <Spinner />
    </PageFrame>
  );
}

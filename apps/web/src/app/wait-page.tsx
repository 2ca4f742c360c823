import { useEffect } from 'react';
import { useLocation, useSearch } from '../components/router';
import { getSystemStatus } from '../api/system';
import { PageFrame } from '../components/page-frame';
import { Spinner } from '../components/spinner';
import { useI18n } from '../i18n/i18n-provider';
import { ROUTES } from '../lib/route-paths';

const POLL_MS = 1000;
/** A poll the device leaves unanswered this long is given up, so a hung request cannot stall the page. */
const POLL_TIMEOUT_MS = 3000;

/**
 * Waits for the device to come back after a restart, then goes home (spec §2): one poll
 * at a time, every second while the browser is online. With `?reload` (after a firmware
 * upgrade, whose image may carry a new web app) home is loaded afresh from the device.
 */
export function WaitPage() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const reload = new URLSearchParams(useSearch()).has('reload');

  useEffect(() => {
    let poll: AbortController | undefined;
    const timer = setInterval(() => {
      if (poll || !navigator.onLine) return;
      const current = (poll = new AbortController());
      const expire = setTimeout(() => current.abort(), POLL_TIMEOUT_MS);
      getSystemStatus({ handleErrors: false, signal: current.signal })
        .then(
          () =>
            poll === current && (reload ? window.location.replace(document.baseURI) : navigate(ROUTES.home)),
          () => undefined,
        )
        .finally(() => {
          clearTimeout(expire);
          if (poll === current) poll = undefined;
        });
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      poll?.abort();
      poll = undefined;
    };
  }, [navigate, reload]);

  return (
    <PageFrame title={t('wait.NotReady')}>
      <p>{t('wait.PleaseWait')}</p>
      <Spinner />
    </PageFrame>
  );
}

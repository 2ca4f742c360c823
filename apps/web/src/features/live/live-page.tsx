import { useCallback } from 'react';
import { liveSocket } from '../../api/livedata';
import { useSocketOnline, useSocketSubscription } from '../../api/socket';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';

/** The live view; for now it holds the live connection and shows its state. */
export function LivePage() {
  const { t } = useI18n();
  const online = useSocketOnline(liveSocket);
  useSocketSubscription(
    liveSocket,
    useCallback(() => {}, []),
  );
  return (
    <PageFrame title={t('home.LiveData')} online={online}>
      <p className="text-body-secondary">{t('base.ComingSoon')}</p>
    </PageFrame>
  );
}

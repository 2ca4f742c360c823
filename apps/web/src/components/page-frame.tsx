import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-provider';
import { ReloadIcon } from './icons';
import { PullIndicator, usePullToRefresh } from './pull-to-refresh';
import { Spinner } from './spinner';

export interface PageFrameProps {
  title: ReactNode;
  /** Shows the spinner instead of the content. */
  isLoading?: boolean;
  /** Shows the reload button and enables pull-to-refresh; both call it. */
  onReload?: () => void;
  /** Shows the live-connection marker with this state. */
  online?: boolean;
  children?: ReactNode;
}

/**
 * The frame every screen lives in (spec §2): title, optional live-connection marker,
 * optional reload button with pull-to-refresh on touch screens, and a spinner while
 * loading.
 */
export function PageFrame({ title, isLoading = false, onReload, online, children }: PageFrameProps) {
  const { t } = useI18n();
  const pull = usePullToRefresh(onReload);
  return (
    <>
      <PullIndicator pull={pull} />
      <div className="d-flex align-items-center gap-3 border-bottom pb-2 mb-3">
        <div className="d-flex align-items-center gap-2 me-auto">
          <h1 className="h2 mb-0">{title}</h1>
          {online !== undefined && <OnlineMarker online={online} />}
        </div>
        {onReload && (
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={onReload}
            title={t('base.Reload')}
            aria-label={t('base.Reload')}
          >
            <ReloadIcon />
          </button>
        )}
      </div>
      {isLoading ? <Spinner /> : children}
    </>
  );
}

/** Red dot when the live connection is down, green and pulsing while it is up. */
export function OnlineMarker({ online }: { online: boolean }) {
  const { t } = useI18n();
  const text = online ? t('base.Online') : t('base.Offline');
  return (
    <span className={online ? 'online-marker' : 'offline-marker'} role="status" title={text}>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

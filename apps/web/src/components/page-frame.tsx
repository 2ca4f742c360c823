import type { ReactNode } from 'react';
import { useConnection, type LinkState } from '../api/connection';
import { useLoadFailure } from '../api/load-failure';
import { useI18n } from '../i18n/i18n-provider';
import { formatClock } from '../lib/format';
import { Alert } from './api-alert';
import { ReloadIcon } from './icons';
import { LoadError } from './load-error';
import { PullIndicator, usePullToRefresh } from './pull-to-refresh';
import { Spinner } from './spinner';

export interface PageFrameProps {
  title: ReactNode;
  /** Shows the spinner instead of the content. */
  isLoading?: boolean;
  /** Shows the reload button and enables pull-to-refresh; both call it. */
  onReload?: () => void;
  /**
   * Shows the live-connection marker with this state (a socket's own: true or false), and
   * greys the content while it is offline.
   */
  online?: LinkState | boolean;
  children?: ReactNode;
}

/**
 * The frame every screen lives in (spec §2): title, optional live-connection marker,
 * optional reload button with pull-to-refresh on touch screens, and a spinner while
 * loading. It also says when the device does not answer: a screen whose data failed to
 * load shows why in place (and tries again), any other screen a banner saying since when
 * the values shown are frozen.
 */
export function PageFrame({ title, isLoading = false, onReload, online, children }: PageFrameProps) {
  const { t, locale } = useI18n();
  const pull = usePullToRefresh(onReload);
  const failure = useLoadFailure();
  const { state, since } = useConnection();
  const marker = typeof online === 'boolean' ? (online ? 'online' : 'offline') : online;
  const content = isLoading && !failure ? <Spinner /> : children;
  return (
    <>
      <PullIndicator pull={pull} />
      <div className="d-flex align-items-center gap-3 border-bottom pb-2 mb-3">
        <div className="d-flex align-items-center gap-2 me-auto page-title">
          <h1 className="h2 mb-0 text-break">{title}</h1>
          {marker && <OnlineMarker state={marker} />}
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
      {failure ? (
        <LoadError failure={failure} />
      ) : (
        state === 'offline' && (
          <Alert variant="warning" className="away-banner">
            {since === undefined
              ? t('Error.Unreachable')
              : t('connection.AwaySince', { time: formatClock(locale, since, true) })}
          </Alert>
        )
      )}
      {/* Live values the device no longer updates are greyed (the same element either way,
          so nothing below is mounted afresh when the connection comes and goes). */}
      {marker ? <div className={marker === 'offline' ? 'frozen' : undefined}>{content}</div> : content}
    </>
  );
}

// Whole class names, so the CSS purge finds them.
const MARKER: Record<LinkState, [className: string, text: string]> = {
  online: ['marker-online', 'base.Online'],
  offline: ['marker-offline', 'base.Offline'],
  connecting: ['marker-connecting', 'connection.Connecting'],
};

/** Red dot when the live connection is down, green and pulsing while it is up, grey while it opens. */
export function OnlineMarker({ state }: { state: LinkState }) {
  const { t } = useI18n();
  const [className, key] = MARKER[state];
  const text = t(key);
  return (
    <span className={className} role="status" title={text}>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

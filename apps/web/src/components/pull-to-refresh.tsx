import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n-provider';

/** Spec §9: pull distance that triggers, the most it moves, the height while refreshing. */
export const PULL_THRESHOLD = 60;
export const PULL_MAX = 80;
export const PULL_RELOAD_HEIGHT = 50;
export const PULL_REFRESH_TIMEOUT_MS = 500;

export type PullState = 'pending' | 'pulling' | 'releasing' | 'refreshing';

interface Pull {
  state: PullState;
  distance: number;
}

const IDLE: Pull = { state: 'pending', distance: 0 };

/**
 * Pull-to-refresh on touch screens (spec §4): pending -> pulling -> releasing (past the
 * threshold) -> refreshing -> pending. Only a pull that starts at the top of the page
 * counts. `onRefresh` undefined turns it off.
 */
export function usePullToRefresh(onRefresh: (() => void) | undefined): Pull {
  const [pull, setPull] = useState<Pull>(IDLE);
  const onRefreshRef = useRef(onRefresh);
  useEffect(() => {
    onRefreshRef.current = onRefresh;
  });
  const enabled = onRefresh !== undefined;

  useEffect(() => {
    if (!enabled) return;
    let startY: number | undefined;
    let current: Pull = IDLE;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = (next: Pull): void => {
      current = next;
      setPull(next);
    };
    const onStart = (event: TouchEvent): void => {
      startY = window.scrollY <= 0 && current.state === 'pending' ? event.touches[0]?.clientY : undefined;
    };
    const onMove = (event: TouchEvent): void => {
      const y = event.touches[0]?.clientY;
      if (startY === undefined || y === undefined) return;
      // Damped, so the indicator lags the finger the way native lists do.
      const distance = Math.min(PULL_MAX, Math.max(0, (y - startY) / 2));
      update({
        state: distance >= PULL_THRESHOLD ? 'releasing' : distance > 0 ? 'pulling' : 'pending',
        distance,
      });
    };
    const onEnd = (): void => {
      startY = undefined;
      if (current.state === 'releasing') {
        update({ state: 'refreshing', distance: PULL_RELOAD_HEIGHT });
        onRefreshRef.current?.();
        timer = setTimeout(() => update(IDLE), PULL_REFRESH_TIMEOUT_MS);
      } else if (current.state === 'pulling') update(IDLE);
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled]);

  return pull;
}

/** The strip above the page that grows while pulling and says what will happen. */
export function PullIndicator({ pull }: { pull: Pull }) {
  const { t } = useI18n();
  if (pull.state === 'pending') return null;
  const text = { pulling: t('base.Pull'), releasing: t('base.Release'), refreshing: t('base.Refreshing') }[
    pull.state
  ];
  return (
    <div
      className="pull-indicator d-flex align-items-end justify-content-center small text-body-secondary"
      style={{ height: pull.distance }}
      aria-live="polite"
    >
      {pull.state === 'refreshing' && (
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      )}
      {text}
    </div>
  );
}

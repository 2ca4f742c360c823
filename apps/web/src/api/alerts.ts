// The companion server's alerts (apps/companion, docs/features/alerts.md): only the companion
// build calls these. Both paths need the device's admin credentials, which the client
// sends as for every call.
import type { AlertsAnswer, AlertSettingsBody, AlertTestAnswer, ApiResponse } from '@opendtu/api';
import { useEffect } from 'react';
import { apiGet, apiPostJson } from './client';
import { saveCompanionSettings } from './companion-settings';
import { smallStore } from './small-store';

const ALERTS = 'companion/api/alerts';
/** The badge's poll: an alert is raised after minutes of a fault, so a minute is soon enough. */
const POLL_MS = 60_000;

/** How many alerts stand, as last read; undefined until read (or while not logged in). */
const openCount = smallStore<number | undefined>(undefined);

/** The screen's load; it also sets the badge, so both always agree. */
export async function getAlerts(signal?: AbortSignal): Promise<AlertsAnswer> {
  const answer = await apiGet<AlertsAnswer>(ALERTS, { signal });
  openCount.set(answer.open.length);
  return answer;
}

/**
 * A test message to every channel; answers what each receiver said. A failure stays with
 * the caller (shown beside the button), only a 401 leads to the login.
 */
export const sendTestMessage = (): Promise<AlertTestAnswer> =>
  apiPostJson<AlertTestAnswer>(`${ALERTS}/test`, undefined, { handleErrors: 'login' });

/** Saves the rules, times and channels as a whole. */
export const saveAlertSettings = (body: AlertSettingsBody): Promise<ApiResponse> =>
  saveCompanionSettings(`${ALERTS}/settings`, body);

function poll(): void {
  // A hidden tab asks nothing; it asks again when it is shown.
  if (document.hidden) return;
  apiGet<AlertsAnswer>(ALERTS, { handleErrors: false }).then(
    (answer) => openCount.set(answer.open.length),
    // Not the admin (any more), or the server away: no number rather than an old one.
    () => openCount.set(undefined),
  );
}

/** The number of open alerts as last read (by the screen or the badge's poll), without asking. */
export const useLastOpenAlertCount = (): number | undefined => openCount.use();

/**
 * The number of open alerts for the navigation's badge, asked every minute while `watch`
 * (the companion answered and the admin is logged in); undefined otherwise.
 */
export function useOpenAlertCount(watch: boolean): number | undefined {
  const count = openCount.use();
  useEffect(() => {
    if (!watch) {
      openCount.set(undefined);
      return;
    }
    poll();
    const timer = setInterval(poll, POLL_MS);
    document.addEventListener('visibilitychange', poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', poll);
    };
  }, [watch]);
  return watch ? count : undefined;
}

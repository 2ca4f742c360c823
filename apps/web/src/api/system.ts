import type { RebootRequest, SystemStatus } from '@opendtu/api';
import { ApiError, apiGet, apiPost, handled, type RequestOptions } from './client';

/** Asks the device now (the polls that watch it go down and come back). */
export const getSystemStatus = (options?: RequestOptions) =>
  apiGet<SystemStatus>('api/system/status', options);

let inFlight: Promise<SystemStatus> | undefined;

/**
 * The status for a reader: a call while another is under way shares its request (the
 * system page and the firmware detection ask at the same moment on a fresh load); each
 * caller's failure is still handled as its own options say.
 */
export function readSystemStatus(options?: RequestOptions): Promise<SystemStatus> {
  inFlight ??= getSystemStatus({ handleErrors: false }).finally(() => (inFlight = undefined));
  return handled(inFlight, options);
}

export const postReboot = (request: RebootRequest = { reboot: true }) =>
  apiPost('api/maintenance/reboot', request);

/**
 * Resolves once the device answers its status again (after a restart), asking every
 * `intervalMs`; a 401 or an abort ends the wait with that error.
 */
export async function waitForDevice(signal: AbortSignal, intervalMs = 1000): Promise<void> {
  for (;;) {
    try {
      await getSystemStatus({ handleErrors: false, signal });
      return;
    } catch (error) {
      if (signal.aborted || (error instanceof ApiError && error.status === 401)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Resolves once the device stops answering (it restarts about 1 s after its answer to a
 * restarting request), after `limitMs`, or when `signal` aborts.
 */
export async function untilDeviceGoesDown(signal: AbortSignal, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline && !signal.aborted) {
    try {
      await getSystemStatus({ handleErrors: false, signal: AbortSignal.timeout(1000) });
    } catch {
      return;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

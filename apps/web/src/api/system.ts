import type { RebootRequest, SystemStatus } from '@opendtu/api';
import { ApiError, apiGet, apiPost, type RequestOptions } from './client';

export const getSystemStatus = (options?: RequestOptions) =>
  apiGet<SystemStatus>('api/system/status', options);

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

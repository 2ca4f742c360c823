import type { LiveDataFullResponse, LiveDataResponse } from '@opendtu/api';
import { apiGet } from './client';
import { ManagedSocket } from './socket';

/** All inverters (common fields), or one with all channels when `serial` is given. */
export function getLiveData(): Promise<LiveDataResponse>;
export function getLiveData(serial: string): Promise<LiveDataFullResponse>;
export function getLiveData(serial?: string): Promise<LiveDataResponse> {
  return apiGet(serial ? `api/livedata/status?inv=${encodeURIComponent(serial)}` : 'api/livedata/status');
}

/** The same without leading away from the page on failure (background refreshes, polling). */
export const getLiveDataQuietly = (serial?: string) =>
  apiGet<LiveDataFullResponse>(
    serial ? `api/livedata/status?inv=${encodeURIComponent(serial)}` : 'api/livedata/status',
    { handleErrors: false },
  );

/**
 * The `/livedata` socket (contract §5.4, §5.5): ping 59 s after the last frame; a `{}`
 * frame means the connection is broken, so close and reconnect 10 s later.
 */
export const liveSocket = new ManagedSocket({
  path: 'livedata',
  heartbeatMs: 59_000,
  retryMs: 10_000,
  isBroken: (data) => data === '{}',
});

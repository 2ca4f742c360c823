import type { NtpConfig, NtpStatus, NtpTime, NtpTimeRequest } from '@opendtu/api';
import { apiGet, apiPost, type RequestOptions } from './client';
import { capabilities } from './firmware';

export const getNtpStatus = (options?: RequestOptions) => apiGet<NtpStatus>('api/ntp/status', options);
export const getNtpConfig = () => apiGet<NtpConfig>('api/ntp/config');
export const postNtpConfig = (config: NtpConfig) => apiPost('api/ntp/config', config);
export const getNtpTime = () => apiGet<NtpTime>('api/ntp/time');
export const postNtpTime = (time: NtpTimeRequest) => apiPost('api/ntp/time', time);

/**
 * The time-zone list, IANA name -> POSIX rule: the device's own from v26.3.28
 * (GET api/ntp/zones), else `zones.json` of the web bundle (served by older firmware and
 * by the companion server); each is tried in turn until one answers with JSON. Empty
 * when neither does.
 */
export async function getZones(): Promise<Record<string, string>> {
  const { zoneSource } = await capabilities();
  const paths = zoneSource === 'api' ? ['api/ntp/zones', 'zones.json'] : ['zones.json', 'api/ntp/zones'];
  for (const path of paths) {
    const list = await apiGet(path, { handleErrors: false }).catch(() => undefined);
    if (list && typeof list === 'object' && !Array.isArray(list)) return list as Record<string, string>;
  }
  return {};
}

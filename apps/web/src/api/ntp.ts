import type { NtpConfig, NtpStatus, NtpTime, NtpTimeRequest } from '@opendtu/api';
import { apiGet, apiPost, type RequestOptions } from './client';

export const getNtpStatus = (options?: RequestOptions) => apiGet<NtpStatus>('api/ntp/status', options);
export const getNtpConfig = () => apiGet<NtpConfig>('api/ntp/config');
export const postNtpConfig = (config: NtpConfig) => apiPost('api/ntp/config', config);
export const getNtpTime = () => apiGet<NtpTime>('api/ntp/time');
export const postNtpTime = (time: NtpTimeRequest) => apiPost('api/ntp/time', time);

/** The static timezone list (contract §11): IANA name -> POSIX TZ string. */
export const getZones = () => apiGet<Record<string, string>>('zones.json');

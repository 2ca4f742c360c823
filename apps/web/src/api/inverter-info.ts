// Per-inverter read-only details shown in the live view's dialogs (contract §9.5-9.8).
import type {
  DevInfoResponse,
  EventLogLocale,
  EventLogResponse,
  GridProfileRawResponse,
  GridProfileResponse,
} from '@opendtu/api';
import { apiGet } from './client';

const inv = (serial: string) => `inv=${encodeURIComponent(serial)}`;

export const getDevInfo = (serial: string) => apiGet<DevInfoResponse>(`api/devinfo/status?${inv(serial)}`);
export const getEventLog = (serial: string, locale: EventLogLocale | string) =>
  apiGet<EventLogResponse>(`api/eventlog/status?${inv(serial)}&locale=${encodeURIComponent(locale)}`);
export const getGridProfile = (serial: string) =>
  apiGet<GridProfileResponse>(`api/gridprofile/status?${inv(serial)}`);
export const getGridProfileRaw = (serial: string) =>
  apiGet<GridProfileRawResponse>(`api/gridprofile/rawdata?${inv(serial)}`);

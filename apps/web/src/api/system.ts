import type { RebootRequest, SystemStatus } from '@opendtu/api';
import { apiGet, apiPost, type RequestOptions } from './client';

export const getSystemStatus = (options?: RequestOptions) =>
  apiGet<SystemStatus>('api/system/status', options);

export const postReboot = (request: RebootRequest = { reboot: true }) =>
  apiPost('api/maintenance/reboot', request);

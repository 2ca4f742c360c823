import type { LimitConfigRequest, LimitStatusMap, PowerConfigRequest, PowerStatusMap } from '@opendtu/api';
import { apiGet, apiPost } from './client';

export const getLimitStatus = () => apiGet<LimitStatusMap>('api/limit/status');
export const postLimitConfig = (request: LimitConfigRequest) => apiPost('api/limit/config', request);
export const getPowerStatus = () => apiGet<PowerStatusMap>('api/power/status');
export const postPowerConfig = (request: PowerConfigRequest) => apiPost('api/power/config', request);

import {
  limitTypeOf,
  type LimitConfigRequest,
  type LimitStatusMap,
  type LimitType,
  type PowerConfigRequest,
  type PowerStatusMap,
} from '@opendtu/api';
import { apiGet, apiPost } from './client';

// Background polls: a missed answer is tried again, not a reason to leave the page.
const quiet = { handleErrors: false };
export const getLimitStatus = () => apiGet<LimitStatusMap>('api/limit/status', quiet);
export const postLimitConfig = (request: LimitConfigRequest) => apiPost('api/limit/config', request);
export const getPowerStatus = () => apiGet<PowerStatusMap>('api/power/status', quiet);
export const postPowerConfig = (request: PowerConfigRequest) => apiPost('api/power/config', request);

/**
 * The `limit_type` every limit request carries, computed only here (releases from
 * v25.9.11 number persistent limits differently; the release-aware rule goes here).
 */
export function limitTypeForRequest({
  absolute,
  persistent,
}: {
  absolute: boolean;
  persistent: boolean;
}): LimitType {
  return limitTypeOf(!absolute, persistent);
}

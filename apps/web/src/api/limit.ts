import {
  limitTypeFor,
  type LimitConfigRequest,
  type LimitKind,
  type LimitStatusMap,
  type PowerConfigRequest,
  type PowerStatusMap,
} from '@opendtu/api';
import { apiGet, apiPost } from './client';
import { capabilities } from './firmware';

// Background polls: a missed answer is tried again, not a reason to leave the page.
const quiet = { handleErrors: false };
export const getLimitStatus = () => apiGet<LimitStatusMap>('api/limit/status', quiet);
export const postLimitConfig = (request: LimitConfigRequest) => apiPost('api/limit/config', request);
export const getPowerStatus = () => apiGet<PowerStatusMap>('api/power/status', quiet);
export const postPowerConfig = (request: PowerConfigRequest) => apiPost('api/power/config', request);

/**
 * The `limit_type` every limit request carries, computed only here: persistence is
 * numbered differently from v25.9.11 on, so the device's release decides.
 */
export async function limitTypeForRequest(kind: LimitKind): Promise<number> {
  return limitTypeFor((await capabilities()).limitScheme, kind);
}

// The companion server's zero-export controller (apps/companion/src/control, README
// "Zero export"): its state, a pause, and its day for the chart. Admin only; only the
// companion build calls it. Control is off (404) unless the server was started with a meter.
import type { ControlAnswer, ControlDayAnswer, ControlRequest } from '@opendtu/api';
import { ApiError, apiGet, apiPostJson } from './client';

const CONTROL = 'companion/api/control';

/** The controller now, or `off` when the server runs without one (it answers 404). */
export async function getControl(signal?: AbortSignal): Promise<ControlAnswer | 'off'> {
  try {
    return await apiGet<ControlAnswer>(CONTROL, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'off';
    throw error;
  }
}

export const getControlDay = (signal?: AbortSignal): Promise<ControlDayAnswer> =>
  apiGet<ControlDayAnswer>(`${CONTROL}/day`, { signal });

/** Pause (answered once every inverter has its own limit back) or resume. */
export const setControlPaused = (paused: boolean): Promise<ControlAnswer> =>
  apiPostJson<ControlAnswer>(CONTROL, { paused } satisfies ControlRequest, { handleErrors: 'login' });

// The companion server's zero-export controller (apps/companion/src/control, README
// "Zero export"): its state (also while off), a pause, its settings and its day for the
// chart. Admin only; only the companion build calls it.
import type {
  ApiResponse,
  ControlAnswer,
  ControlDayAnswer,
  ControlRequest,
  ControlSettingsBody,
} from '@opendtu/api';
import { ApiError, apiGet, apiPostJson } from './client';

const CONTROL = 'companion/api/control';

/** The controller now; state `off` while zero export is off. */
export const getControl = (signal?: AbortSignal): Promise<ControlAnswer> =>
  apiGet<ControlAnswer>(CONTROL, { signal });

export const getControlDay = (signal?: AbortSignal): Promise<ControlDayAnswer> =>
  apiGet<ControlDayAnswer>(`${CONTROL}/day`, { signal });

/** Pause (answered once every inverter has its own limit back) or resume. */
export const setControlPaused = (paused: boolean): Promise<ControlAnswer> =>
  apiPostJson<ControlAnswer>(CONTROL, { paused } satisfies ControlRequest, { handleErrors: 'login' });

/**
 * Saves the settings as a whole; answered once they are in place (a running controller gave
 * the limits back first). A refusal (400: a malformed address, a number out of range)
 * answers as a warning with the server's reason; other failures as danger.
 */
export const saveControlSettings = (body: ControlSettingsBody): Promise<ApiResponse> =>
  apiPostJson<ApiResponse>(`${CONTROL}/settings`, body, { handleErrors: 'login' }).catch(
    (error: unknown): ApiResponse => {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      return { type: error.status === 400 ? 'warning' : 'danger', message: error.message };
    },
  );

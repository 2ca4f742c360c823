// The companion server's zero-export controller (apps/companion/src/control,
// docs/features/zero-export.md): its state (also while off), a pause, its settings and its
// day for the chart. Admin only; only the companion build calls it.
import type {
  ApiResponse,
  ControlAnswer,
  ControlDayAnswer,
  ControlRequest,
  ControlSettingsBody,
} from '@opendtu/api';
import { apiGet, apiPostJson } from './client';
import { saveCompanionSettings } from './companion-settings';

const CONTROL = 'companion/api/control';

/** The controller now; state `off` while zero export is off. */
export const getControl = (signal?: AbortSignal): Promise<ControlAnswer> =>
  apiGet<ControlAnswer>(CONTROL, { signal });

export const getControlDay = (signal?: AbortSignal): Promise<ControlDayAnswer> =>
  apiGet<ControlDayAnswer>(`${CONTROL}/day`, { signal });

/** Pause (answered once every inverter has its own limit back) or resume. */
export const setControlPaused = (paused: boolean): Promise<ControlAnswer> =>
  apiPostJson<ControlAnswer>(CONTROL, { paused } satisfies ControlRequest, { handleErrors: 'login' });

/** Saves the settings as a whole; a running controller gives the limits back first. */
export const saveControlSettings = (body: ControlSettingsBody): Promise<ApiResponse> =>
  saveCompanionSettings(`${CONTROL}/settings`, body);

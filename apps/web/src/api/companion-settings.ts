// Settings the companion server keeps for the app (alerts, zero export): saved as a whole,
// answered once they are in place. A refusal (400: a malformed address, a number out of
// range) comes back as a warning with the server's reason, other failures as danger, so
// the form shows either beside its Save.
import type { ApiResponse } from '@opendtu/api';
import { ApiError, apiPostJson } from './client';

export const saveCompanionSettings = (path: string, body: unknown): Promise<ApiResponse> =>
  apiPostJson<ApiResponse>(path, body, { handleErrors: 'login' }).catch((error: unknown): ApiResponse => {
    if (!(error instanceof ApiError) || error.status === 401) throw error;
    return { type: error.status === 400 ? 'warning' : 'danger', message: error.message };
  });

// The plant-wide limit (issue 33): the companion joins every device's limit status and
// sends each part to its device. Failures stay with the dialog (handleErrors: false): the
// plant has no login or error route to go to, and a refusal there means something else
// than on one device (the login must hold on every device named).
import type { PlantLimitAnswer, PlantLimitRequest, PlantLimitStatusAnswer } from '@opendtu/api';
import { apiGet, apiPostJson } from '../../api/client';
import { basicOf, type Credentials } from '../../api/auth';

export const PLANT_LIMIT_PATH = 'companion/api/plant/limit';

/** One inverter across the plant: serials may repeat on several devices (a duplicate registration). */
export const limitKey = (device: string, serial: string): string => `${device}/${serial.toLowerCase()}`;

export const getPlantLimit = (signal?: AbortSignal): Promise<PlantLimitStatusAnswer> =>
  apiGet<PlantLimitStatusAnswer>(PLANT_LIMIT_PATH, { signal, handleErrors: false });

/** Sends with the stored login or, from the dialog's login form, with `credentials`. */
export const postPlantLimit = (
  request: PlantLimitRequest,
  credentials?: Credentials,
): Promise<PlantLimitAnswer> =>
  apiPostJson<PlantLimitAnswer>(PLANT_LIMIT_PATH, request, {
    handleErrors: false,
    ...(credentials && { authorization: basicOf(credentials) }),
  });

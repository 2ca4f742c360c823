import type { DeviceConfig, PinMappingFile } from '@opendtu/api';
import { ApiError, apiGet, apiPost } from './client';

export const getDeviceConfig = () => apiGet<DeviceConfig>('api/device/config');
export const postDeviceConfig = (config: DeviceConfig) => apiPost('api/device/config', config);

/** The pin-mapping profiles; a missing file (404) is an empty list (spec §7). */
export async function getPinMapping(): Promise<PinMappingFile> {
  try {
    return await apiGet<PinMappingFile>('api/file/get?file=pin_mapping.json', { handleErrors: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

import { DISPLAY_LANGUAGES, type DeviceConfig, type PinMappingFile } from '@opendtu/api';
import { ApiError, apiGet, apiPost } from './client';
import { filePath } from './file';

// Firmware before v24.11.7 keeps the display language as `language` (0 en, 1 de, 2 fr):
// the screen always edits `locale`, and the answer carries it back as the index.
export async function getDeviceConfig(): Promise<DeviceConfig> {
  const config = await apiGet<DeviceConfig>('api/device/config');
  const { display } = config;
  display.locale ??= DISPLAY_LANGUAGES[display.language ?? 0] ?? 'en';
  return config;
}
export const postDeviceConfig = ({ display, ...config }: DeviceConfig) =>
  apiPost('api/device/config', {
    ...config,
    display:
      display.language === undefined
        ? display
        : {
            ...display,
            language: Math.max(0, (DISPLAY_LANGUAGES as readonly string[]).indexOf(display.locale)),
          },
  });

/** The pin-mapping profiles; a missing file (404) is an empty list (spec §7). */
export async function getPinMapping(): Promise<PinMappingFile> {
  try {
    return await apiGet<PinMappingFile>(`${await filePath('get')}?file=pin_mapping.json`, {
      handleErrors: false,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

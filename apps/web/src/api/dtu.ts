import type { DtuConfig } from '@opendtu/api';
import { apiGet, apiPost } from './client';

export const getDtuConfig = () => apiGet<DtuConfig>('api/dtu/config');
/** `country_def` is read-only; the device ignores it in a POST. */
export const postDtuConfig = (
  config: Omit<DtuConfig, 'country_def'> & Partial<Pick<DtuConfig, 'country_def'>>,
) => apiPost('api/dtu/config', config);

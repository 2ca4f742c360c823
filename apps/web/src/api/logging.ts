import type { LoggingConfig } from '@opendtu/api';
import { apiGet, apiPost } from './client';

export const getLoggingConfig = () => apiGet<LoggingConfig>('api/logging/config');
/** Always the whole object: the device replaces every module and reads a missing default as "off". */
export const postLoggingConfig = (config: LoggingConfig) => apiPost('api/logging/config', config);

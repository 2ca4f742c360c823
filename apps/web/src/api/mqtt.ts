import type { MqttConfig, MqttStatus } from '@opendtu/api';
import { apiGet, apiPost, type RequestOptions } from './client';

export const getMqttStatus = (options?: RequestOptions) => apiGet<MqttStatus>('api/mqtt/status', options);
export const getMqttConfig = () => apiGet<MqttConfig>('api/mqtt/config');
export const postMqttConfig = (config: MqttConfig) => apiPost('api/mqtt/config', config);

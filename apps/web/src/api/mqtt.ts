import type { MqttConfig, MqttStatus } from '@opendtu/api';
import { apiGet, apiPost } from './client';

export const getMqttStatus = () => apiGet<MqttStatus>('api/mqtt/status');
export const getMqttConfig = () => apiGet<MqttConfig>('api/mqtt/config');
export const postMqttConfig = (config: MqttConfig) => apiPost('api/mqtt/config', config);

import type { NetworkConfig, NetworkStatus } from '@opendtu/api';
import { apiGet, apiPost, type RequestOptions } from './client';

export const getNetworkStatus = (options?: RequestOptions) =>
  apiGet<NetworkStatus>('api/network/status', options);
export const getNetworkConfig = () => apiGet<NetworkConfig>('api/network/config');
export const postNetworkConfig = (config: NetworkConfig) => apiPost('api/network/config', config);

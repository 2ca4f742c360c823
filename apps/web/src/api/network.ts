import type { NetworkConfig, NetworkStatus } from '@opendtu/api';
import { apiGet, apiPost } from './client';

export const getNetworkStatus = () => apiGet<NetworkStatus>('api/network/status');
export const getNetworkConfig = () => apiGet<NetworkConfig>('api/network/config');
export const postNetworkConfig = (config: NetworkConfig) => apiPost('api/network/config', config);

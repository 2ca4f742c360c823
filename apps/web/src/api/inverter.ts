import type {
  ApiResponse,
  InverterAddRequest,
  InverterDeleteRequest,
  InverterEditRequest,
  InverterListResponse,
  InverterOrderRequest,
} from '@opendtu/api';
import { apiGet, apiPost, type RequestOptions } from './client';

export const getInverterList = (options?: RequestOptions) =>
  apiGet<InverterListResponse>('api/inverter/list', options);
export const addInverter = (request: InverterAddRequest) => apiPost('api/inverter/add', request);
export const editInverter = (request: InverterEditRequest) => apiPost('api/inverter/edit', request);
export const deleteInverter = (request: InverterDeleteRequest) => apiPost('api/inverter/del', request);
export const orderInverters = (request: InverterOrderRequest) => apiPost('api/inverter/order', request);
export const resetRadioStats = (serial: string) =>
  apiGet<ApiResponse>(`api/inverter/stats_reset?inv=${encodeURIComponent(serial)}`);

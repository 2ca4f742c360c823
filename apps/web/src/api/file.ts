import type { FileDeleteAllRequest, FileDeleteRequest, FileEntry } from '@opendtu/api';
import { apiGet, apiGetBlob, apiPost, apiUpload, type RequestOptions } from './client';

export const getFileList = (options?: RequestOptions) => apiGet<FileEntry[]>('api/file/list', options);
export const getFile = (name: string, options?: RequestOptions) =>
  apiGetBlob(`api/file/get?file=${encodeURIComponent(name)}`, options);
export const deleteFile = (request: FileDeleteRequest) => apiPost('api/file/delete', request);
/** A factory reset: the device deletes every file and reboots. */
export const deleteAllFiles = (request: FileDeleteAllRequest = { delete: true }) =>
  apiPost('api/file/delete_all', request);

/** Restores a file (config, pin mapping, language pack); the part is named `config`. */
export function uploadFile(target: string, file: Blob, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('config', file, target);
  return apiUpload(`api/file/upload?file=${encodeURIComponent(target)}`, form, onProgress);
}

/** Firmware upload (contract §8): the MD5 part comes first, then the image. */
export function uploadFirmware(
  md5: string,
  file: Blob,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('MD5', md5);
  form.append('firmware', file, 'firmware.bin');
  return apiUpload('api/firmware/update', form, onProgress, signal);
}

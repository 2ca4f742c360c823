import type { FileDeleteAllRequest, FileDeleteRequest, FileEntry } from '@opendtu/api';
import { apiGet, apiGetBlob, apiPost, apiUpload, type RequestOptions } from './client';
import { capabilities } from './firmware';

/**
 * A path of the file API: `api/file/...`, or `api/config/...` on firmware before
 * v24.11.7, which had the same calls there (and `delete` for the factory reset).
 */
export async function filePath(call: 'list' | 'get' | 'upload' | 'delete' | 'delete_all'): Promise<string> {
  const { fileApi } = await capabilities();
  return `api/${fileApi}/${fileApi === 'config' && call === 'delete_all' ? 'delete' : call}`;
}

/** The device's files; before v24.11.7 `{"configs":[{"name"}]}`, without sizes. */
export async function getFileList(options?: RequestOptions): Promise<FileEntry[]> {
  const list = await apiGet<FileEntry[] | { configs: FileEntry[] }>(await filePath('list'), options);
  return Array.isArray(list) ? list : list.configs;
}
export const getFile = async (name: string, options?: RequestOptions) =>
  apiGetBlob(`${await filePath('get')}?file=${encodeURIComponent(name)}`, options);
/** One file; firmware before v24.11.7 cannot delete single files. */
export const deleteFile = async (request: FileDeleteRequest) => apiPost(await filePath('delete'), request);
/** A factory reset: the device deletes every file and reboots. */
export const deleteAllFiles = async (request: FileDeleteAllRequest = { delete: true }) =>
  apiPost(await filePath('delete_all'), request);

/** Restores a file (config, pin mapping, language pack); the part is named `config`. */
export async function uploadFile(target: string, file: Blob, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('config', file, target);
  return apiUpload(`${await filePath('upload')}?file=${encodeURIComponent(target)}`, form, onProgress);
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

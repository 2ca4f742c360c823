/** One file of GET /api/file/list (contract §7.5). */
export interface FileEntry {
  /** Without a leading "/". */
  name: string;
  /** Bytes; not listed before v24.11.7. */
  size?: number;
}

/** POST /api/file/delete. */
export interface FileDeleteRequest {
  file: string;
}

/** POST /api/file/delete_all: `true` is a factory reset. */
export interface FileDeleteAllRequest {
  delete: boolean;
}

export const CONFIG_FILE_NAME = 'config.json';
export const PIN_MAPPING_FILE_NAME = 'pin_mapping.json';
/** The device loads every root file with this suffix as a language pack, at boot. */
export const LANGUAGE_PACK_SUFFIX = '.lang.json';

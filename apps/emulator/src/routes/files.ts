import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIG_FILE_NAME, PIN_MAPPING_FILE_NAME, ResponseCode, type FileEntry } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';
import { isEmulatorFile, isSafeFileName } from '../config/data-files';
import { parseLeadingJson } from '../http/json-text';
import { isBool, isObject, isString, member } from '../http/json-values';
import { uploadedFile } from '../http/post-data';
import { VALUES_MISSING, sendJson, success, warning } from '../http/respond';
import { deviceRoute, jsonPostRoute } from '../http/route';
import { sendUploadFail, sendUploadOk } from '../http/upload-answer';

/** Largest file the emulator stores through /api/file/upload (a third of the device's LittleFS). */
export const MAX_FILE_BYTES = 512 * 1024;

/** A name of the device's flat file system: inside the data folder and not one of the emulator's own files. */
function isDeviceFileName(name: string): boolean {
  return isSafeFileName(name) && !isEmulatorFile(name);
}

function contentTypeOf(name: string): string {
  if (name.endsWith('.json')) return 'application/json';
  if (/\.html?$/.test(name)) return 'text/html';
  if (name.endsWith('.gz')) return 'application/x-gzip';
  return 'text/plain';
}

/** RFC 5987 attr-char: what may stay as it is in `filename*=UTF-8''...`. */
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/**
 * Content-Disposition for a stored name: the device's own `filename="<name>"` for plain
 * names. Any other name (a quote, a backslash, a control character, anything beyond
 * printable ASCII) would break the header or make Node refuse it (a 500), so it gets an
 * ASCII stand-in there and its exact bytes as `filename*` (RFC 6266), which browsers prefer.
 */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = [...Buffer.from(name)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && ATTR_CHAR.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * A restore the emulator refuses: a config.json that is not one complete JSON object with
 * a `cfg` object (the web app's own client-side check). Deviation, by design: the device
 * stores any upload verbatim, and a truncated or foreign file then boots it with partly
 * default settings, silently. Refusing such a file keeps the old config.json and the
 * running device as they are (no restart), and the client learns it from the FAIL answer.
 */
function isAcceptableConfig(bytes: Buffer): boolean {
  const parsed = parseLeadingJson(bytes.toString('utf8').replace(/^[^{]*/, ''));
  return parsed !== undefined && isObject(parsed.value) && isObject(parsed.value.cfg);
}

/**
 * Contract §7.5: backup, restore, delete and factory reset of the device's files. Before
 * v24.11.7 (`fileApi` 'config') the same live under /api/config/*: the list is
 * `{"configs":[{"name"}]}` without sizes, there is no single-file delete, and
 * /api/config/delete is the factory reset.
 */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  const pathOf = (name: string): string => join(device.dataDir, name);
  const legacy = device.release.fileApi === 'config';
  const base = `/api/${device.release.fileApi}`;

  deviceRoute(app, 'GET', `${base}/list`, 'admin', async (_request, reply) => {
    const files: FileEntry[] = [];
    for (const entry of await readdir(device.dataDir, { withFileTypes: true })) {
      if (!entry.isFile() || isEmulatorFile(entry.name)) continue;
      files.push({ name: entry.name, size: (await stat(pathOf(entry.name))).size });
    }
    return sendJson(reply, legacy ? { configs: files.map(({ name }) => ({ name })) } : files);
  });

  deviceRoute(app, 'GET', `${base}/get`, 'admin', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const name = typeof query.file === 'string' ? query.file : CONFIG_FILE_NAME;
    if (!isDeviceFileName(name) || !(await exists(pathOf(name)))) return reply.code(404).send('');
    const body = await readFile(pathOf(name));
    return reply.header('Content-Disposition', attachmentHeader(name)).type(contentTypeOf(name)).send(body);
  });

  if (!legacy)
    jsonPostRoute(app, '/api/file/delete', async (data, _request, reply) => {
      const name = member(data, 'file');
      if (!isString(name)) return VALUES_MISSING;
      if (!isDeviceFileName(name) || !(await exists(pathOf(name)))) return reply.code(404).send('');
      await unlink(pathOf(name));
      device.console.line(`File ${name} deleted`, 'webapi');
      return success('File deleted', ResponseCode.FileDeleteSuccess);
    });

  jsonPostRoute(app, legacy ? '/api/config/delete' : '/api/file/delete_all', async (data) => {
    const wanted = member(data, 'delete');
    if (!isBool(wanted)) return VALUES_MISSING;
    if (!wanted) return warning('Not deleted anything!', ResponseCode.FileNotDeleted);
    // Factory reset: every file but the board's pin mapping goes; defaults at next boot.
    device.config.freeze();
    for (const name of await readdir(device.dataDir)) {
      if (name === PIN_MAPPING_FILE_NAME || isEmulatorFile(name)) continue;
      await unlink(pathOf(name)).catch(() => undefined);
    }
    device.console.line('Factory reset: all files deleted, restarting', 'webapi', 'W');
    device.restart('factory reset');
    return success('Configuration resettet. Rebooting now...', ResponseCode.FileSuccess);
  });

  deviceRoute(app, 'POST', `${base}/upload`, 'admin', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const name = typeof query.file === 'string' ? query.file : undefined;
    const upload = uploadedFile(request);
    if (name !== undefined && upload !== undefined) {
      // Refused uploads (deviation: the device writes whatever it gets, until its flash is
      // full) change nothing, so the device does not restart either.
      const tooLarge = upload.truncated || upload.bytes.length > MAX_FILE_BYTES;
      if (!isDeviceFileName(name) || tooLarge) return sendUploadFail(reply);
      if (name === CONFIG_FILE_NAME && !isAcceptableConfig(upload.bytes)) return sendUploadFail(reply);
      try {
        await writeFileAtomic(pathOf(name), upload.bytes);
      } catch {
        // A name the host's file system cannot hold (too long, say) is refused like any other.
        return sendUploadFail(reply);
      }
      // The restored config must not be overwritten by the RAM copy before the restart.
      if (name === CONFIG_FILE_NAME) device.config.freeze();
      device.console.line(`File ${name} uploaded (${upload.bytes.length} bytes), restarting`, 'webapi');
    }
    // As on the device, the answer is OK and a restart follows, with or without a file.
    device.restart(`file upload ${name ?? '(no name)'}`);
    return sendUploadOk(reply);
  });
};

import { readdir, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIG_FILE_NAME, PIN_MAPPING_FILE_NAME, ResponseCode, type FileEntry } from '@opendtu/api';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { writeFileAtomic } from '../config/atomic-write';
import { isSafeFileName, isTemporaryFile } from '../config/data-files';
import { parseLeadingJson } from '../http/json-text';
import { isBool, isObject, isString, member } from '../http/json-values';
import { VALUES_MISSING, sendJson, success, warning } from '../http/respond';
import { deviceRoute, jsonPostRoute } from '../http/route';

/** Largest file the emulator stores through /api/file/upload (a third of the device's LittleFS). */
export const MAX_FILE_BYTES = 512 * 1024;

function contentTypeOf(name: string): string {
  if (name.endsWith('.json')) return 'application/json';
  if (/\.html?$/.test(name)) return 'text/html';
  if (name.endsWith('.gz')) return 'application/x-gzip';
  return 'text/plain';
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The uploaded file part's bytes: the part name does not matter (contract §7.5). */
function uploadedBytes(request: FastifyRequest): Buffer | undefined {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body) return undefined;
  return Object.values(body).find((value): value is Buffer => Buffer.isBuffer(value));
}

/**
 * A restore the emulator refuses (deviation: the device stores anything): a config.json
 * that is not a JSON object with a `cfg` object, the web app's own client-side check. The
 * old config stays untouched and the device does not restart.
 */
function isAcceptableConfig(bytes: Buffer): boolean {
  const parsed = parseLeadingJson(bytes.toString('utf8').replace(/^[^{]*/, ''));
  return parsed !== undefined && isObject(parsed.value) && isObject(parsed.value.cfg);
}

function fail(reply: FastifyReply): FastifyReply {
  return reply.code(500).type('text/plain').header('Access-Control-Allow-Origin', '*').send('FAIL');
}

/** Contract §7.5: backup, restore, delete and factory reset of the device's files. */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  const pathOf = (name: string): string => join(device.dataDir, name);

  deviceRoute(app, 'GET', '/api/file/list', 'admin', async (_request, reply) => {
    const files: FileEntry[] = [];
    for (const entry of await readdir(device.dataDir, { withFileTypes: true })) {
      if (!entry.isFile() || isTemporaryFile(entry.name)) continue;
      files.push({ name: entry.name, size: (await stat(pathOf(entry.name))).size });
    }
    return sendJson(reply, files);
  });

  deviceRoute(app, 'GET', '/api/file/get', 'admin', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const name = typeof query.file === 'string' ? query.file : CONFIG_FILE_NAME;
    if (!isSafeFileName(name) || !(await exists(pathOf(name)))) return reply.code(404).send('');
    const body = await readFile(pathOf(name));
    return reply
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .type(contentTypeOf(name))
      .send(body);
  });

  jsonPostRoute(app, '/api/file/delete', async (data, _request, reply) => {
    const name = member(data, 'file');
    if (!isString(name)) return VALUES_MISSING;
    if (!isSafeFileName(name) || !(await exists(pathOf(name)))) return reply.code(404).send('');
    await unlink(pathOf(name));
    device.console.line(`File ${name} deleted`);
    return success('File deleted', ResponseCode.FileDeleteSuccess);
  });

  jsonPostRoute(app, '/api/file/delete_all', async (data) => {
    const wanted = member(data, 'delete');
    if (!isBool(wanted)) return VALUES_MISSING;
    if (!wanted) return warning('Not deleted anything!', ResponseCode.FileNotDeleted);
    // Factory reset: every file but the board's pin mapping goes; defaults at next boot.
    device.config.freeze();
    for (const name of await readdir(device.dataDir)) {
      if (name === PIN_MAPPING_FILE_NAME) continue;
      await unlink(pathOf(name)).catch(() => undefined);
    }
    device.console.line('Factory reset: all files deleted, restarting');
    device.restart('factory reset');
    return success('Configuration resettet. Rebooting now...', ResponseCode.FileSuccess);
  });

  deviceRoute(app, 'POST', '/api/file/upload', 'admin', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const name = typeof query.file === 'string' ? query.file : undefined;
    const bytes = uploadedBytes(request);
    if (name !== undefined && bytes !== undefined) {
      if (!isSafeFileName(name) || bytes.length > MAX_FILE_BYTES) return fail(reply);
      if (name === CONFIG_FILE_NAME && !isAcceptableConfig(bytes)) return fail(reply);
      await writeFileAtomic(pathOf(name), bytes);
      // The restored config must not be overwritten by the RAM copy before the restart.
      if (name === CONFIG_FILE_NAME) device.config.freeze();
      device.console.line(`File ${name} uploaded (${bytes.length} bytes), restarting`);
    }
    // As on the device, the answer is OK and a restart follows, with or without a file.
    device.restart(`file upload ${name ?? '(no name)'}`);
    return reply
      .code(200)
      .type('text/plain')
      .header('Connection', 'close')
      .header('Access-Control-Allow-Origin', '*')
      .send('OK');
  });
};

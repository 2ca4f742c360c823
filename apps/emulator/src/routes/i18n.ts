import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LANGUAGE_PACK_SUFFIX, type LanguageEntry } from '@opendtu/api';
import type { FastifyPluginAsync } from 'fastify';
import { isObject } from '../http/json-values';
import { sendJson } from '../http/respond';
import { deviceRoute } from '../http/route';

interface DiscoveredPack extends LanguageEntry {
  file: string;
}

/** Packs are found once, at boot: files ending in `.lang.json` with a non-empty meta name and code. */
async function discoverPacks(dataDir: string): Promise<DiscoveredPack[]> {
  const packs: DiscoveredPack[] = [];
  for (const file of await readdir(dataDir).catch(() => [] as string[])) {
    if (!file.endsWith(LANGUAGE_PACK_SUFFIX)) continue;
    let pack: unknown;
    try {
      pack = JSON.parse(await readFile(join(dataDir, file), 'utf8'));
    } catch {
      continue;
    }
    const meta = isObject(pack) ? pack.meta : undefined;
    if (!isObject(meta)) continue;
    const { code, name } = meta;
    if (typeof code === 'string' && code !== '' && typeof name === 'string' && name !== '') {
      packs.push({ code, name, file });
    }
  }
  return packs;
}

/** Contract §10: language packs uploaded to the device, no auth. */
export const i18nRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  // Before v24.11.7 neither endpoint exists: both paths answer index.html.
  if (!device.release.i18nApi) return;
  const packs = await discoverPacks(device.dataDir);

  deviceRoute(app, 'GET', '/api/i18n/languages', 'none', async (_request, reply) =>
    sendJson(
      reply,
      packs.map(({ code, name }) => ({ code, name })),
    ),
  );

  deviceRoute(app, 'GET', '/api/i18n/language', 'none', async (request, reply) => {
    const code = (request.query as Record<string, unknown>).code;
    const pack = packs.find((candidate) => candidate.code === code);
    if (!pack) return reply.code(404).send('');
    let body: Buffer;
    try {
      body = await readFile(join(device.dataDir, pack.file));
    } catch {
      // Deleted since boot: the device cannot open it either.
      return reply.code(404).send('');
    }
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    reply.header('Cache-Control', 'public, must-revalidate').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply
      .header('Content-Disposition', 'inline')
      .header('content-type', 'application/json')
      .send(body);
  });
};

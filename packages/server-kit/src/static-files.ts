import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The six files of a device web bundle and how the firmware serves each (contract §11). */
const BUNDLE = [
  { path: '/index.html', file: 'index.html.gz', type: 'text/html', gzip: true },
  { path: '/js/app.js', file: 'js/app.js.gz', type: 'text/javascript', gzip: true },
  { path: '/zones.json', file: 'zones.json.gz', type: 'application/json', gzip: true },
  { path: '/favicon.ico', file: 'favicon.ico', type: 'image/x-icon', gzip: false },
  { path: '/favicon.png', file: 'favicon.png', type: 'image/png', gzip: false },
  { path: '/site.webmanifest', file: 'site.webmanifest', type: 'application/json', gzip: false },
] as const;

/** Content types of further files a build folder may hold (served by the companion only). */
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

interface StaticFile {
  body: Buffer;
  type: string;
  gzip: boolean;
  etag: string;
}

function staticFile(body: Buffer, type: string, gzip: boolean): StaticFile {
  return { body, type, gzip, etag: `"${createHash('md5').update(body).digest('hex')}"` };
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Reads a web bundle folder. The six device files must all be there. With `everyFile`
 * (the companion server, whose build may carry screens that never go into flash) every
 * other file of the folder is served too, a stored `name.gz` as `name` with gzip encoding.
 */
export async function loadWebapp(dir: string, { everyFile = false } = {}): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const entry of BUNDLE) {
    let body: Buffer;
    try {
      body = await readFile(join(dir, entry.file));
    } catch {
      throw new Error(
        `web bundle incomplete: ${join(dir, entry.file)} is missing (build it with "npm run build")`,
      );
    }
    files.set(entry.path, staticFile(body, entry.type, entry.gzip));
  }
  if (!everyFile) return files;
  for (const name of await filesBelow(dir)) {
    const gzip = name.endsWith('.gz');
    const path = `/${gzip ? name.slice(0, -3) : name}`;
    if (files.has(path)) continue;
    const type = TYPES[extname(path)] ?? 'application/octet-stream';
    files.set(path, staticFile(await readFile(join(dir, name)), type, gzip));
  }
  return files;
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply.header('Cache-Control', 'public, must-revalidate').header('ETag', file.etag);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  if (file.gzip) reply.header('Content-Encoding', 'gzip');
  return reply.code(200).type(file.type).send(file.body);
}

/**
 * Serves the web bundle exactly as the firmware does: the six paths (five from v26.3.28,
 * which no longer embeds zones.json: `withZones` false), always gzip for the text files,
 * an MD5 ETag with 304, and index.html (200) for every request no other route takes,
 * whatever its method, so client-side routes deep-link.
 */
export function registerWebapp(
  app: FastifyInstance,
  files: Map<string, StaticFile>,
  withZones = true,
  /** What `/` answers instead of index.html (the companion's plant sends it to its page). */
  home?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
): void {
  const index = files.get('/index.html');
  if (!index) throw new Error('web bundle has no index.html');
  app.get('/', home ?? ((request, reply) => send(request, reply, index)));
  for (const [path, file] of files) {
    if (withZones || path !== '/zones.json') app.get(path, (request, reply) => send(request, reply, file));
  }
  app.setNotFoundHandler((request, reply) => send(request, reply, index));
}

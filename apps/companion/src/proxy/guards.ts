/**
 * What makes the server safer than the device in front of which it stands:
 * - a write (any method but GET and HEAD) whose Origin or Referer names another site is
 *   refused with 403 before it reaches the device: a page elsewhere cannot submit a form
 *   to the device with whatever the browser may hold for it;
 * - a body larger than the largest firmware image (the 16 MB boards' OTA slot) plus
 *   margin is refused with 413 before it is read, and a body without a length (chunked)
 *   with 411, since the device reads bodies by Content-Length only.
 * The server's header, body and idle timeouts are set where it listens (app.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The largest OTA slot (8,257,536 B) plus room for the multipart framing. */
export const BODY_LIMIT = 8_257_536 + 64 * 1024;

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return 'invalid';
  }
}

/** Whether Origin (or, without it, Referer) names a site other than the one asked. */
export function isCrossSite(request: FastifyRequest): boolean {
  const { origin, referer } = request.headers;
  // "null": a sandboxed frame, a file, a redirect across sites: never our own page.
  if (origin === 'null') return true;
  const named = hostOf(origin ?? referer);
  if (named === undefined) return false;
  const own = [request.headers.host, request.headers['x-forwarded-host']].filter(
    (host) => host !== undefined,
  );
  return !own.includes(named);
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json').send({ message });
}

export function registerGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (isCrossSite(request)) return refuse(reply, 403, 'Refused: a write from another site');
    const length = request.headers['content-length'];
    if (length === undefined && request.headers['transfer-encoding'] !== undefined) {
      return refuse(reply, 411, 'A request body needs a Content-Length');
    }
    if (Number(length) > BODY_LIMIT)
      return refuse(reply, 413, `A request body may hold at most ${BODY_LIMIT} bytes`);
  });
}

import type { FastifyInstance } from 'fastify';

/** The request methods the device's web server knows; every other one it never answers. */
const KNOWN_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);

/**
 * Contract §0.2: a request line with another method (PROPFIND, TRACE, ...) makes the
 * device's web server abort the connection, so the client sees it close without a reply.
 * Known methods go on to their handler or to the SPA fallback.
 */
export function abortUnknownMethods(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (KNOWN_METHODS.has(request.method)) return;
    reply.hijack();
    request.raw.socket.destroy();
  });
}

/**
 * /api/* forwarded to the device and streamed both ways (@fastify/http-proxy through
 * Node's own HTTP client, its `http` mode: undici, its default, costs the server about 13 MB
 * of memory, docs/internals/benchmarks.md#companion-memory):
 * the browser's own Authorization, X-Requested-With and Content-Length pass unchanged,
 * `Expect` is removed (the device does not take it, and the proxy would answer 500), and
 * nothing of the server's is added. Few connections (the device has about 16 TCP slots
 * and closes each after one answer) and long timeouts (a firmware upload is parsed byte
 * by byte on the device: minutes). Two headers of the device's answers are dropped:
 * `Connection: close` (it is the device's own link) and `WWW-Authenticate` (a login box
 * would make the browser keep the password for this origin, see live/tickets.ts).
 */
import { Agent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { https } from '../device/https';
import type { DeviceLink } from '../device/link';

const UPSTREAM_CONNECTIONS = 3;
const UPSTREAM_TIMEOUT_MS = 300_000;

export interface ProxyHooks {
  /** A write went through to the device and it said yes (e.g. the security settings). */
  afterWrite: (path: string) => void;
}

export async function registerApiProxy(
  app: FastifyInstance,
  link: DeviceLink,
  hooks: ProxyHooks,
): Promise<void> {
  let secure: HttpsAgent | undefined;
  await app.register(httpProxy, {
    upstream: link.url.origin,
    prefix: '/api',
    rewritePrefix: `${link.url.pathname}api`,
    http: {
      agents: {
        'http:': new Agent({ maxSockets: UPSTREAM_CONNECTIONS }),
        // Made at the first request over https: only a device reached so loads Node's https.
        get 'https:'() {
          return (secure ??= new (https().Agent)({ maxSockets: UPSTREAM_CONNECTIONS }));
        },
      },
      // A socket silent this long (no byte either way) ends the request.
      requestOptions: { timeout: UPSTREAM_TIMEOUT_MS },
    },
    replyOptions: {
      rewriteRequestHeaders: (_request, headers) => {
        const { expect: _expect, ...rest } = headers;
        return rest;
      },
      rewriteHeaders: (headers) => {
        const { connection: _connection, 'www-authenticate': _challenge, ...rest } = headers;
        return rest;
      },
      onResponse: (request, reply, response) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && response.statusCode === 200) {
          // The path as the device has it: a device mounted under /dtu/NAME/ has that prefix.
          hooks.afterWrite(request.url.slice(app.prefix.length));
        }
        void reply.send(response.stream);
      },
      // No answer from the device: say so in words, not as the proxy's 500.
      onError: (reply, { error }) => {
        const cause = (error.cause as NodeJS.ErrnoException | undefined)?.code ?? error.message;
        void reply
          .code(502)
          .type('application/json')
          .send({ message: `The device at ${link.url.origin} does not answer (${cause})` });
      },
    },
  });
}

/**
 * The companion's own large answers go gzip-compressed to a client that accepts it: a day's
 * power of 10 inverters is 3.8 MB of JSON (a sample every 5 s), a CSV export as much, which
 * takes seconds over a phone's Wi-Fi or a VPN. Only JSON and CSV of at least LARGEST_PLAIN
 * bytes, made here (a string or a buffer): the device's answers the proxy forwards (streams)
 * and the app's files (already gzip where the bundle has them) pass as they are.
 *
 * By hand, not @fastify/compress: that plugin loads mime-db's table of every media type at
 * start, where this serves two types, and the server is held to 60 MB. zlib is loaded at the
 * first answer it compresses (the built server defers it, build/stand-ins.mjs).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them gains a few milliseconds at most. */
export const LARGEST_PLAIN = 32 * 1024;
/**
 * zlib's fastest level: a day's power of 10 inverters, 3.8 MB, in about 60 ms here, to 1.4
 * MB (level 6, the default: 1.25 MB in 280 ms); a Raspberry Pi takes some four times as long.
 */
const LEVEL = 1;
const COMPRESSIBLE = /^(application\/json|text\/csv)\b/;

/** Whether the request's Accept-Encoding takes gzip (or anything, `*`) with a weight above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((entry) => {
    const [coding = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') return false;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });
}

async function compressLarge(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (Buffer.byteLength(payload) < LARGEST_PLAIN || reply.hasHeader('content-encoding')) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  reply.header('Vary', 'Accept-Encoding');
  if (!acceptsGzip(request.headers['accept-encoding'])) return payload;
  const { gzip } = await import('node:zlib');
  const compressed = await new Promise<Buffer>((resolve, reject) =>
    gzip(payload, { level: LEVEL }, (error, result) => (error ? reject(error) : resolve(result))),
  );
  reply.header('Content-Encoding', 'gzip').removeHeader('content-length');
  return compressed;
}

export function registerAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', compressLarge);
}

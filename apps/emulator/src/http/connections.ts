import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';

/**
 * How long the emulator waits for clients, and how many it serves at once. The device's
 * web server (ESPAsyncWebServer on AsyncTCP and lwIP) gives every new client a receive
 * timeout of 3 s that lasts until its answer starts, so a client that goes quiet while
 * sending its headers or body is dropped; it has about 16 TCP connections in all, and
 * closes each connection after its answer. Where the emulator differs
 * (docs/emulator.md#where-the-emulator-differs-from-the-device):
 * - a quiet client is dropped after 3 s, as on the device;
 * - headers must be complete within 10 s and a whole request within 150 s, even from a
 *   client that keeps sending a byte now and then (the device has no such limit); the
 *   answer is 408. At 150 s a 1.9 MB firmware image needs 13 kB/s, a tenth of a slow
 *   Wi-Fi link; the device itself takes up to about 120 s to store one;
 * - a connection stays open 3 s after an answer for the next request (the device closes
 *   it at once; browsers and benchmarks reuse it);
 * - the process started from the command line accepts 16 connections at once (sockets
 *   included) and closes any further one at once, where the device lets it wait.
 */
export const CLIENT_LIMITS = {
  idleMs: 3_000,
  headersMs: 10_000,
  requestMs: 150_000,
  keepAliveMs: 3_000,
  maxConnections: 16,
} as const;

/** The Fastify options that apply CLIENT_LIMITS to every connection. */
export function clientTimeouts(): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> &
  Pick<FastifyHttpOptions<Server>, 'http'> {
  return {
    connectionTimeout: CLIENT_LIMITS.idleMs,
    keepAliveTimeout: CLIENT_LIMITS.keepAliveMs,
    requestTimeout: CLIENT_LIMITS.requestMs,
    // Node checks the header and request limits on this interval (default 30 s): a
    // slow client is dropped within a second of its limit.
    http: { headersTimeout: CLIENT_LIMITS.headersMs, connectionsCheckingInterval: 1_000 },
  };
}

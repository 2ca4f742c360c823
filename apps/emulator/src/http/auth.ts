import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_USERNAME, type SecurityConfig } from '@opendtu/api';

/** The three protection levels of the device's endpoints (contract §0.3). */
export type AuthLevel = 'none' | 'readonly' | 'admin';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The device's Basic check: the token after the first space (or the whole header when
 * there is none) is compared case-insensitively with base64("admin:<password>"); the
 * scheme word is not looked at, except that Digest is never accepted here. The compare
 * hashes both sides first so it takes the same time whatever the input.
 */
export function hasAdminCredentials(header: string | undefined, password: string): boolean {
  if (!header || /^digest /i.test(header)) return false;
  const space = header.indexOf(' ');
  // Taken as it is: "Basic  <token>" (two spaces) does not match on the device either.
  const token = (space >= 0 ? header.slice(space + 1) : header).toLowerCase();
  const expected = Buffer.from(`${AUTH_USERNAME}:${password}`).toString('base64').toLowerCase();
  return timingSafeEqual(digest(token), digest(expected));
}

export function isAuthorized(request: FastifyRequest, level: AuthLevel, security: SecurityConfig): boolean {
  if (level === 'none') return true;
  if (level === 'readonly' && security.allow_readonly) return true;
  return hasAdminCredentials(request.headers.authorization, security.password);
}

/** 401 with an empty body; the browser's login prompt is asked for only without X-Requested-With. */
export function rejectUnauthorized(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (request.headers['x-requested-with'] === undefined) {
    reply.header('WWW-Authenticate', 'Basic realm="Login Required"');
  }
  return reply.code(401).send('');
}

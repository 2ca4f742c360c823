/**
 * HTTP Digest authentication as the device's web server library does it (ESPAsyncWebServer
 * 3.10.3, `checkDigestAuthentication`), for the sockets of v26.3.30: the challenge carries
 * a fresh nonce and opaque, qop "auth"; an answer counts when the user and realm match
 * and its response is MD5(HA1:nonce:nc:cnonce:qop:HA2) with HA1 = MD5(user:realm:password)
 * and HA2 = MD5(method:uri). The library does not check that the nonce is one it issued.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_USERNAME } from '@opendtu/api';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

export function digestChallenge(realm: string): string {
  const hex = () => randomBytes(16).toString('hex');
  return `Digest realm="${realm}", qop="auth", nonce="${hex()}", opaque="${hex()}"`;
}

/** The `name=value` (or `name="value"`) pairs of a Digest header after its scheme word. */
function digestFields(header: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const pair of header.replace(/^digest\s+/i, '').split(',')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    fields.set(
      pair.slice(0, eq).trim(),
      pair
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return fields;
}

export function hasDigestCredentials(
  header: string | undefined,
  method: string,
  password: string,
  realm: string,
): boolean {
  if (!header || !/^digest\s/i.test(header)) return false;
  const field = digestFields(header);
  const get = (name: string): string => field.get(name) ?? '';
  if (get('username') !== AUTH_USERNAME || (field.has('realm') && get('realm') !== realm)) return false;
  const ha1 = md5(`${AUTH_USERNAME}:${realm}:${password}`);
  const ha2 = md5(`${method}:${get('uri')}`);
  return get('response') === md5(`${ha1}:${get('nonce')}:${get('nc')}:${get('cnonce')}:${get('qop')}:${ha2}`);
}

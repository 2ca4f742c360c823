import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_WEBAPP, startTestDevice, type TestDevice } from './helpers';

// Contract §11: static files, caching and the SPA fallback.
describe('§11 static files', () => {
  let device: TestDevice;
  beforeEach(async () => {
    device = await startTestDevice();
  });
  afterEach(() => device.close());

  it('serves index.html gzipped at / with an MD5 ETag and answers 304 to it', async () => {
    const stored = await readFile(join(FIXTURE_WEBAPP, 'index.html.gz'));
    const etag = `"${createHash('md5').update(stored).digest('hex')}"`;
    const first = await device.app.inject({ url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toBe('text/html');
    expect(first.headers['cache-control']).toBe('public, must-revalidate');
    expect(first.headers.etag).toBe(etag);
    expect(first.rawPayload.equals(stored)).toBe(true);
    const second = await device.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    expect(second.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['GET', '/settings/network'],
    ['GET', '/api/not/there'],
    ['POST', '/api/inverter/unknown'],
    ['HEAD', '/'],
    ['OPTIONS', '/api/system/status'],
    ['DELETE', '/wait'],
  ] as const)('answers %s %s with index.html', async (method, url) => {
    const response = await device.app.inject({ method, url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves the icons as they are, without Content-Encoding', async () => {
    const response = await device.app.inject({ url: '/favicon.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

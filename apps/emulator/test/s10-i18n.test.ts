import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestDevice, type TestDevice } from './helpers';
import { uploadFile } from './upload';

let device: TestDevice;
beforeEach(async () => {
  device = await startTestDevice({ blank: true });
});
afterEach(async () => {
  await device.close();
});

const PACK = { meta: { name: 'Español', code: 'es' }, webapp: { menu: { LiveView: 'Vista en vivo' } } };

describe('§10.2 GET /api/i18n/languages', () => {
  it('is an empty array without packs (built-ins are not listed), no auth needed', async () => {
    const response = await device.app.inject({ url: '/api/i18n/languages' });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual([]);
  });

  it('lists packs found at boot only; packs without a meta name or code are ignored', async () => {
    expect((await uploadFile(device.app, 'pack.lang.json', JSON.stringify(PACK))).body).toBe('OK');
    await writeFile(
      join(device.dataDir, 'broken.lang.json'),
      JSON.stringify({ meta: { name: '', code: 'xx' } }),
    );
    await writeFile(join(device.dataDir, 'other.json'), JSON.stringify(PACK));
    expect(JSON.parse((await device.app.inject({ url: '/api/i18n/languages' })).body)).toEqual([]);
    await device.reboot();
    expect(JSON.parse((await device.app.inject({ url: '/api/i18n/languages' })).body)).toEqual([
      { code: 'es', name: 'Español' },
    ]);
  });
});

describe('§10.3 GET /api/i18n/language', () => {
  it('sends the whole pack with caching headers and answers a matching If-None-Match with 304', async () => {
    const text = JSON.stringify(PACK);
    await writeFile(join(device.dataDir, 'pack.lang.json'), text);
    await device.reboot();
    const response = await device.app.inject({ url: '/api/i18n/language?code=es' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(text);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['content-disposition']).toBe('inline');
    expect(response.headers['cache-control']).toBe('public, must-revalidate');
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const cached = await device.app.inject({
      url: '/api/i18n/language?code=es',
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    const stale = await device.app.inject({
      url: '/api/i18n/language?code=es',
      headers: { 'if-none-match': '"0"' },
    });
    expect(stale.statusCode).toBe(200);
  });

  it('404 with an empty body for a missing or unknown code', async () => {
    for (const url of ['/api/i18n/language', '/api/i18n/language?code=xx']) {
      const response = await device.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('');
    }
  });
});

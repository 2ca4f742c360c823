import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures';

const DIST = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

// Contract §11, checked over real HTTP against the running emulator. Node's fetch would
// decompress transparently, so the raw bytes are read through `request` with gzip off.
const FILES = [
  ['/js/app.js', 'js/app.js.gz', 'text/javascript', 'gzip'],
  ['/zones.json', 'zones.json.gz', 'application/json', 'gzip'],
  ['/favicon.ico', 'favicon.ico', 'image/x-icon', undefined],
  ['/favicon.png', 'favicon.png', 'image/png', undefined],
  ['/site.webmanifest', 'site.webmanifest', 'application/json', undefined],
] as const;

for (const [path, file, type, encoding] of FILES) {
  test(`GET ${path} is served with the firmware's headers`, async ({ request }) => {
    const stored = await readFile(DIST + file);
    const response = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
    const etag = `"${createHash('md5').update(stored).digest('hex')}"`;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe(type);
    expect(response.headers()['content-encoding']).toBe(encoding);
    expect(response.headers()['cache-control']).toBe('public, must-revalidate');
    expect(response.headers()['etag']).toBe(etag);
    const again = await request.get(path, { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
  });
}

test('every unmatched request, whatever its method, gets index.html', async ({ request }) => {
  const index = gunzipSync(await readFile(DIST + 'index.html.gz')).toString();
  for (const [method, path] of [
    ['GET', '/settings/network'],
    ['GET', '/api/does/not/exist'],
    ['POST', '/api/unknown'],
    ['PUT', '/'],
    ['DELETE', '/info/console'],
  ] as const) {
    const response = await request.fetch(path, { method });
    expect(response.status(), `${method} ${path}`).toBe(200);
    expect(response.headers()['content-type']).toBe('text/html');
    expect(await response.text()).toBe(index);
  }
});

test('zones.json maps IANA names to POSIX strings', async ({ request }) => {
  const zones = (await (await request.get('/zones.json')).json()) as Record<string, string>;
  expect(zones['Europe/Berlin']).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
  expect(Object.keys(zones).length).toBeGreaterThan(400);
});

import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_WEBAPP, freePort, startCompanion, tempDir, type TestCompanion } from './helpers';

// The web build as the device serves it, plus what only the companion's build carries.
describe('serving the web app', () => {
  let webapp: string;
  let companion: TestCompanion;
  beforeAll(async () => {
    webapp = await tempDir('webapp');
    await cp(FIXTURE_WEBAPP, webapp, { recursive: true });
    await mkdir(join(webapp, 'js'), { recursive: true });
    await writeFile(join(webapp, 'js', 'history.js.gz'), gzipSync('export const history = 1;'));
    // No device is needed to serve the app.
    companion = await startCompanion(new URL(`http://127.0.0.1:${await freePort()}/`), { webappDir: webapp });
  });
  afterAll(async () => {
    await companion?.close();
    await rm(webapp, { recursive: true, force: true });
  });

  it('serves zones.json from the build (a newer device has none)', async () => {
    const response = await fetch(`${companion.url}/zones.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(typeof (await response.json())).toBe('object');
  });

  it('serves further files of its build, a stored .gz with gzip encoding', async () => {
    const response = await fetch(`${companion.url}/js/history.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toBe('export const history = 1;');
  });

  it('answers index.html for the app’s routes, and JSON 404 in its own namespace', async () => {
    const page = await fetch(`${companion.url}/history/2026-06-21`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html');
    const unknown = await fetch(`${companion.url}/companion/api/unknown`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not found' });
  });
});

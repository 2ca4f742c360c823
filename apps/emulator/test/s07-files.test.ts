import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, getJson, postData, startTestDevice, type TestDevice } from './helpers';
import { uploadFile } from './upload';

let device: TestDevice;
beforeEach(async () => {
  device = await startTestDevice({ blank: true });
});
afterEach(async () => {
  await device.close();
});

const TRAVERSAL = ['../escape.json', '..', 'sub/dir.json', 'a\\b.json', '/etc/passwd', 'nul\0.json', ''];

describe('§7.5 GET /api/file/list', () => {
  it('lists the files with their sizes, as an array', async () => {
    await writeFile(join(device.dataDir, 'pin_mapping.json'), '[]');
    const { body } = await getJson(device.app, '/api/file/list');
    const size = (await readFile(join(device.dataDir, 'config.json'))).length;
    expect(body).toEqual(
      expect.arrayContaining([
        { name: 'config.json', size },
        { name: 'pin_mapping.json', size: 2 },
      ]),
    );
  });
});

describe('§7.5 GET /api/file/get', () => {
  it('without a name sends config.json as an attachment', async () => {
    const response = await device.app.inject({
      url: '/api/file/get',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="config.json"');
    expect(response.body).toBe(await readFile(join(device.dataDir, 'config.json'), 'utf8'));
  });

  it('404 with an empty body for a missing file', async () => {
    const response = await device.app.inject({
      url: '/api/file/get?file=pin_mapping.json',
      headers: { authorization: ADMIN_AUTH },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('');
  });

  it('refuses names that would leave the data folder', async () => {
    for (const name of TRAVERSAL) {
      const response = await device.app.inject({
        url: `/api/file/get?file=${encodeURIComponent(name)}`,
        headers: { authorization: ADMIN_AUTH },
      });
      expect(response.statusCode, name).toBe(404);
    }
  });
});

describe('§7.5 POST /api/file/delete', () => {
  it('1005 for a non-string, 404 for a missing file, 3003 on success', async () => {
    await writeFile(join(device.dataDir, 'es.lang.json'), '{}');
    expect((await postData(device.app, '/api/file/delete', { file: 1 })).body.code).toBe(1005);
    const missing = await postData(device.app, '/api/file/delete', { file: 'nope.json' });
    expect(missing.status).toBe(404);
    expect(missing.body).toBeUndefined();
    expect((await postData(device.app, '/api/file/delete', { file: 'es.lang.json' })).body).toEqual({
      type: 'success',
      message: 'File deleted',
      code: 3003,
    });
    expect(await readdir(device.dataDir)).not.toContain('es.lang.json');
    expect(device.restarts).toEqual([]);
  });

  it('refuses traversal names with 404 and deletes nothing outside', async () => {
    for (const name of TRAVERSAL) {
      expect((await postData(device.app, '/api/file/delete', { file: name })).status, name).toBe(404);
    }
    expect(await readdir(device.dataDir)).toContain('config.json');
  });
});

describe('§7.5 POST /api/file/delete_all (factory reset)', () => {
  it('1005 for a non-bool, 3001 for false', async () => {
    expect((await postData(device.app, '/api/file/delete_all', { delete: 'yes' })).body.code).toBe(1005);
    expect((await postData(device.app, '/api/file/delete_all', { delete: false })).body).toEqual({
      type: 'warning',
      message: 'Not deleted anything!',
      code: 3001,
    });
  });

  it('3002: removes everything but pin_mapping.json, restarts, and boots with defaults', async () => {
    await postData(device.app, '/api/security/config', { password: 'changed-pw', allow_readonly: true });
    await writeFile(join(device.dataDir, 'pin_mapping.json'), '[]');
    await writeFile(join(device.dataDir, 'es.lang.json'), '{}');
    const auth = { authorization: `Basic ${Buffer.from('admin:changed-pw').toString('base64')}` };
    const response = await device.app.inject({
      method: 'POST',
      url: '/api/file/delete_all',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `data=${encodeURIComponent('{"delete":true}')}`,
    });
    expect(JSON.parse(response.body)).toEqual({
      type: 'success',
      message: 'Configuration resettet. Rebooting now...',
      code: 3002,
    });
    expect(device.restarts).toEqual(['factory reset']);
    expect(await readdir(device.dataDir)).toEqual(['pin_mapping.json']);
    await device.reboot();
    expect((await getJson(device.app, '/api/security/config')).body.password).toBe('openDTU42');
  });
});

describe('§7.5 POST /api/file/upload', () => {
  it('stores any file verbatim, answers OK and restarts', async () => {
    const response = await uploadFile(device.app, 'notes.txt', 'hello');
    expect(response).toMatchObject({ status: 200, body: 'OK' });
    expect(response.headers.connection).toBe('close');
    expect(await readFile(join(device.dataDir, 'notes.txt'), 'utf8')).toBe('hello');
    expect(device.restarts).toHaveLength(1);
  });

  it('without a file name the upload is discarded but the answer is still OK + restart', async () => {
    const before = await readdir(device.dataDir);
    expect((await uploadFile(device.app, undefined, 'data')).body).toBe('OK');
    expect(await readdir(device.dataDir)).toEqual(before);
    expect(device.restarts).toHaveLength(1);
  });

  it('answers a refused upload like the device answers a failed one: 500 text/plain FAIL, Connection: close, CORS', async () => {
    const response = await uploadFile(device.app, '../escape.json', 'x');
    expect(response).toMatchObject({ status: 500, body: 'FAIL' });
    expect(response.headers['content-type']).toBe('text/plain');
    expect(response.headers.connection).toBe('close');
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('an upload far beyond any limit still gets the plain FAIL answer, and nothing is written', async () => {
    const response = await uploadFile(device.app, 'huge.bin', Buffer.alloc(5 * 1024 * 1024, 1));
    expect(response).toMatchObject({ status: 500, body: 'FAIL' });
    expect(response.headers['content-type']).toBe('text/plain');
    expect(await readdir(device.dataDir)).not.toContain('huge.bin');
    expect(device.restarts).toEqual([]);
  });

  it('refuses traversal names and oversized files (FAIL, no restart, nothing written)', async () => {
    for (const name of TRAVERSAL.filter((n) => n !== '')) {
      const response = await uploadFile(device.app, name, 'x');
      expect(response.status, name).toBe(500);
    }
    expect((await uploadFile(device.app, 'big.bin', Buffer.alloc(600 * 1024))).status).toBe(500);
    expect(device.restarts).toEqual([]);
    expect((await readdir(device.dataDir)).sort()).toEqual(['config.json']);
  });
});

describe("§7.1 the emulator's own files are not device files", () => {
  const YIELDS = '.sim-yields.json';

  it('are neither listed, served, deleted nor overwritten through the file API', async () => {
    await writeFile(join(device.dataDir, YIELDS), '{}');
    await writeFile(join(device.dataDir, 'config.json.tmp-1-1'), '{');
    const names = ((await getJson(device.app, '/api/file/list')).body as { name: string }[]).map(
      (f) => f.name,
    );
    expect(names).toEqual(['config.json']);
    const get = await device.app.inject({
      url: `/api/file/get?file=${YIELDS}`,
      headers: { authorization: ADMIN_AUTH },
    });
    expect(get.statusCode).toBe(404);
    expect((await postData(device.app, '/api/file/delete', { file: YIELDS })).status).toBe(404);
    expect((await uploadFile(device.app, YIELDS, '[]')).status).toBe(500);
    expect(await readFile(join(device.dataDir, YIELDS), 'utf8')).toBe('{}');
  });

  it("a factory reset keeps the simulated inverters' lifetime yields, as a DTU reset keeps the inverters'", async () => {
    await writeFile(join(device.dataDir, YIELDS), '{}');
    await postData(device.app, '/api/file/delete_all', { delete: true });
    expect((await readdir(device.dataDir)).sort()).toEqual([YIELDS]);
  });

  it('do not count as used file-system space', async () => {
    const before = (await getJson(device.app, '/api/system/status')).body.littlefs_used as number;
    await writeFile(join(device.dataDir, YIELDS), 'x'.repeat(20_000));
    expect((await getJson(device.app, '/api/system/status')).body.littlefs_used).toBe(before);
  });
});

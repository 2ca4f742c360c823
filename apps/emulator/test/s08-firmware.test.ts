import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, getJson, postData, startTestDevice, type TestDevice } from './helpers';
import { multipartBody, postParts, type Part, type UploadAnswer } from './upload';

let device: TestDevice;
beforeEach(async () => {
  device = await startTestDevice({ blank: true });
});
afterEach(async () => {
  await device.close();
});

const URL = '/api/firmware/update';

/** A plausible application image: the ESP32 magic byte, then filler. */
function image(size = 4096, first = 0xe9): Buffer {
  const bytes = Buffer.alloc(size, 0x5a);
  bytes[0] = first;
  return bytes;
}

const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');

/** As the web app sends it: the MD5 field (none for null), then the file part named "firmware". */
function upload(bytes: Buffer, hash: string | null = md5(bytes)): Promise<UploadAnswer> {
  const parts: Part[] = [];
  if (hash !== null) parts.push({ name: 'MD5', content: hash });
  parts.push({ name: 'firmware', filename: 'firmware', content: bytes });
  return postParts(device.app, URL, parts);
}

function expectAnswer(answer: UploadAnswer, status: number, text: string): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toBe(text);
  expect(answer.headers['content-type']).toBe('text/plain');
  expect(answer.headers.connection).toBe('close');
  expect(answer.headers['access-control-allow-origin']).toBe('*');
}

describe('§8 POST /api/firmware/update', () => {
  it('accepts a good image: 200 text/plain OK with Connection: close and CORS, then restarts', async () => {
    const answer = await upload(image());
    expectAnswer(answer, 200, 'OK');
    expect(device.restarts).toEqual(['firmware update']);
  });

  it('takes the MD5 in upper case as well', async () => {
    const bytes = image();
    expectAnswer(await upload(bytes, md5(bytes).toUpperCase()), 200, 'OK');
  });

  it('FAIL (500) without an MD5 field, and restarts all the same', async () => {
    expectAnswer(await upload(image(), null), 500, 'FAIL');
    expect(device.restarts).toEqual(['firmware update failed']);
  });

  it('FAIL when the MD5 comes after the image (the device needs it at the first chunk)', async () => {
    const bytes = image();
    const answer = await postParts(device.app, URL, [
      { name: 'firmware', filename: 'firmware', content: bytes },
      { name: 'MD5', content: md5(bytes) },
    ]);
    expectAnswer(answer, 500, 'FAIL');
  });

  it('FAIL for an MD5 that is malformed or does not match the image', async () => {
    const bytes = image();
    expectAnswer(await upload(bytes, 'abc'), 500, 'FAIL');
    expectAnswer(await upload(bytes, 'z'.repeat(32)), 500, 'FAIL');
    expectAnswer(await upload(bytes, md5(image(4096, 0xe9).fill(1, 1))), 500, 'FAIL');
    expect(device.restarts).toEqual(['firmware update failed']);
  });

  it('FAIL for an image that does not start with the ESP32 magic byte 0xE9', async () => {
    expectAnswer(await upload(image(4096, 0x7f)), 500, 'FAIL');
    expectAnswer(await upload(Buffer.alloc(0)), 500, 'FAIL');
  });

  it('FAIL for a gzip-compressed image (.bin.gz): the OTA engine takes images as they are, as the reference', async () => {
    // The MD5 the web app sends is the one of the file it uploads, so only the content fails.
    const packed = gzipSync(image(300_000));
    expectAnswer(await upload(packed), 500, 'FAIL');
    expect(device.restarts).toEqual(['firmware update failed']);
    await device.reboot();
    const status = (await getJson(device.app, '/api/system/status')).body as { sketch_used: number };
    expect(status.sketch_used).not.toBe(300_000);
  });

  it('FAIL for an image larger than the OTA slot (sketch_total of the system status)', async () => {
    const { sketch_total: slot } = (await getJson(device.app, '/api/system/status')).body as {
      sketch_total: number;
    };
    expectAnswer(await upload(image(slot)), 200, 'OK');
    expectAnswer(await upload(image(slot + 1)), 500, 'FAIL');
    // Far beyond anything the emulator keeps in memory: still a plain FAIL, not an error page.
    expectAnswer(await upload(image(5 * 1024 * 1024)), 500, 'FAIL');
  });

  it('FAIL when the request carries no image at all', async () => {
    expectAnswer(await postParts(device.app, URL, [{ name: 'MD5', content: md5(image()) }]), 500, 'FAIL');
  });

  it('writes nothing to the device file system', async () => {
    const before = (await getJson(device.app, '/api/file/list')).body as unknown[];
    await upload(image());
    expect((await getJson(device.app, '/api/file/list')).body).toEqual(before);
  });

  it('boots the flashed image: sketch_used is its size after the restart, also after a factory reset', async () => {
    const sketchUsed = async (): Promise<number> =>
      ((await getJson(device.app, '/api/system/status')).body as { sketch_used: number }).sketch_used;
    const factory = await sketchUsed();
    const flashed = image(300_001);
    expectAnswer(await upload(flashed), 200, 'OK');
    // Until the restart the old image runs.
    expect(await sketchUsed()).toBe(factory);
    await device.reboot();
    expect(await sketchUsed()).toBe(300_001);
    expect((await getJson(device.app, '/api/system/status')).body).toMatchObject({ git_hash: 'v25.4.10' });

    await postData(device.app, '/api/file/delete_all', { delete: true });
    await device.reboot();
    expect(await sketchUsed()).toBe(300_001);
  });

  it('a refused image leaves the running one in place', async () => {
    expectAnswer(await upload(image(200_000)), 200, 'OK');
    await device.reboot();
    expectAnswer(await upload(image(100_000, 0x7f)), 500, 'FAIL');
    const bytes = image(150_000);
    expectAnswer(await upload(bytes, md5(image(150_000, 0xe9).fill(3, 9))), 500, 'FAIL');
    await device.reboot();
    const status = (await getJson(device.app, '/api/system/status')).body as { sketch_used: number };
    expect(status.sketch_used).toBe(200_000);
  });

  it('needs admin credentials: 401 with an empty body, no restart', async () => {
    const { payload, contentType } = multipartBody([
      { name: 'MD5', content: md5(image()) },
      { name: 'firmware', filename: 'firmware', content: image() },
    ]);
    const anonymous = await device.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest' },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toBe('');
    expect(anonymous.headers['www-authenticate']).toBeUndefined();
    expect(device.restarts).toEqual([]);
  });

  it('GET on the path is the SPA fallback, not an update', async () => {
    const response = await device.app.inject({ url: URL, headers: { authorization: ADMIN_AUTH } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html');
    expect(device.restarts).toEqual([]);
  });
});

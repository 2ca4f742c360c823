import fc from 'fast-check';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AUTH, dataForm, startTestDevice, type TestDevice } from './helpers';
import { fuzzSettings } from './fuzz-requests';
import { postParts, uploadFile } from './upload';

/**
 * Issue 16, files (contract §7.1, §7.5 and "Emulator deviations": the file system is flat
 * and no name may leave the data folder). Generated names made of traversal pieces,
 * absolute paths, NUL bytes and encoded separators go to upload, get and delete: each one
 * that could leave the folder is refused, and nothing outside the data folder is ever
 * read, written or removed. Uploads over the size limit are refused and write nothing.
 */

const { seed, runs } = fuzzSettings(300);
const hostileNames = fuzzSettings(200);

let sandbox: string;
let dataDir: string;
let device: TestDevice;
const SECRET = 'SECRET-OUTSIDE-THE-DATA-FOLDER';

/** Every file below a folder with its content, sub-folders included. */
async function snapshot(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    files.set(path, entry.isFile() ? await readFile(path, 'latin1') : '<dir>');
  }
  return files;
}

beforeAll(async () => {
  // The data folder sits in a sandbox holding files a client must never reach.
  sandbox = await mkdtemp(join(tmpdir(), 'opendtu-files-'));
  dataDir = join(sandbox, 'data');
  await mkdir(dataDir);
  await mkdir(join(sandbox, 'sub'));
  for (const name of ['outside.json', 'x.json', 'sub/inner.json', 'data.json']) {
    await writeFile(join(sandbox, name), SECRET);
  }
  device = await startTestDevice({ dataDir });
  await device.app.listen({ port: 0, host: '127.0.0.1' });
});

/** GET over a real connection, as the admin. */
function httpGet(path: string): Promise<{ statusCode: number; headers: IncomingHttpHeaders; body: string }> {
  const address = device.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = get(
      { host: '127.0.0.1', port: address.port, path, headers: { authorization: ADMIN_AUTH } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    request.on('error', reject);
  });
}
afterAll(async () => {
  await device.close();
  await rm(sandbox, { recursive: true, force: true });
});

const pieces = [
  '..',
  '.',
  '/',
  '\\',
  '%2f',
  '%2F',
  '%5c',
  '%2e%2e',
  '%252f',
  '\0',
  '%00',
  'C:',
  '~',
  'data',
  'sub',
  'outside.json',
  'x.json',
  'inner.json',
  '\u2215',
  '\uff0e\uff0e',
  ' ',
];

const fileName = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
  fc.constantFrom('/etc/passwd', '\\\\server\\share\\x.json', 'C:\\x.json', 'file:///etc/passwd'),
  fc.constant('').map(() => join(sandbox, 'outside.json')),
  fc.string({ maxLength: 20 }),
  fc.integer({ min: 200, max: 400 }).map((n) => 'n'.repeat(n)),
);

/** A name that would reach outside a flat folder: it must be refused (contract "Emulator deviations"). */
function leavesFolder(name: string): boolean {
  return name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name);
}

/** Every byte percent-encoded, so the server sees exactly the generated name. */
const encoded = (text: string): string =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

describe('issue 16: file names and sizes', () => {
  it('generated names: those that leave the data folder are refused; nothing outside it is read, written or removed', async () => {
    const outside = async (): Promise<Map<string, string>> => {
      const all = await snapshot(sandbox);
      for (const path of all.keys()) if (path === dataDir || path.startsWith(`${dataDir}/`)) all.delete(path);
      return all;
    };
    const before = await outside();
    const counts = { names: 0, requests: 0, refused: 0, stored: 0 };
    console.log(
      `files: seed ${seed} (FUZZ_SEED=${seed} replays this run), ${runs} names x upload/get/delete`,
    );
    await fc.assert(
      fc.asyncProperty(fileName, async (name) => {
        counts.names += 1;
        const query = `file=${encoded(name)}`;
        const headers = { authorization: ADMIN_AUTH };
        const got = await device.app.inject({ url: `/api/file/get?${query}`, headers });
        expect(got.body, `GET ${JSON.stringify(name)}`).not.toContain(SECRET);
        if (leavesFolder(name)) expect(got.statusCode, `GET ${JSON.stringify(name)}`).toBe(404);
        const deleted = await device.app.inject({
          method: 'POST',
          url: '/api/file/delete',
          ...dataForm({ file: name }),
        });
        if (leavesFolder(name)) expect(deleted.statusCode, `delete ${JSON.stringify(name)}`).toBe(404);
        const stored = await postParts(device.app, `/api/file/upload?${query}`, [
          { name: 'config', filename: 'config', content: '{"uploaded":true}' },
        ]);
        counts.requests += 3;
        if (leavesFolder(name)) {
          expect([stored.status, stored.body], `upload ${JSON.stringify(name)}`).toEqual([500, 'FAIL']);
          counts.refused += 1;
        } else {
          expect(['200 OK', '500 FAIL'], `upload ${JSON.stringify(name)}`).toContain(
            `${stored.status} ${stored.body}`,
          );
        }
        if (!leavesFolder(name) && stored.status === 200) {
          // An accepted name is a plain file directly in the data folder.
          expect((await stat(join(dataDir, name))).isFile()).toBe(true);
          counts.stored += 1;
        }
        // An accepted upload asks for a restart; what is checked here does not need one.
        device.restarts.length = 0;
        expect(await outside()).toEqual(before);
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
    // Only plain files in the data folder: no sub-folder was created.
    for (const entry of await readdir(dataDir, { withFileTypes: true }))
      expect(entry.isFile(), entry.name).toBe(true);
    console.log(
      `files: ${counts.names} names, ${counts.requests} requests; ${counts.refused} names refused as leaving the folder, ` +
        `${counts.stored} stored as plain files in it; nothing outside changed`,
    );
  }, 120_000);

  it('every stored name downloads: exact bytes, a Content-Disposition that names it (RFC 6266), never a 5xx', async () => {
    // Issue 24: CR/LF and characters beyond U+00FF made the download answer 500.
    const chosen = ['line\r\nbreak.json', 'quote".json', 'tab\there.json', 'Ωmega.json', '日本語.lang.json'];
    const name = fc.oneof(
      fc.constantFrom(...chosen, 'percent%41.json', 'semi;colon=x.json', '\u202etxt.exe', '😀.json'),
      // Any characters, control ones included; not lone surrogates, which no client can send.
      fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((text) => !/\p{Cs}/u.test(text)),
    );
    const counts = { names: 0, stored: 0, refused: 0, extended: 0 };
    console.log(
      `files: hostile names, seed ${hostileNames.seed} (FUZZ_SEED replays it), ${hostileNames.runs} names`,
    );
    await fc.assert(
      fc.asyncProperty(name, async (name) => {
        counts.names += 1;
        const content = `{"name":${JSON.stringify(name)}}`;
        const query = `file=${encoded(name)}`;
        const stored = await postParts(device.app, `/api/file/upload?${query}`, [
          { name: 'config', filename: 'config', content },
        ]);
        device.restarts.length = 0;
        // Over real HTTP: Node itself refuses some header values, which injection does not show.
        const got = await httpGet(`/api/file/get?${query}`);
        expect(got.statusCode, `GET ${JSON.stringify(name)}`).toBeLessThan(500);
        if (stored.status !== 200) {
          counts.refused += 1;
          return;
        }
        counts.stored += 1;
        expect(got.statusCode, `GET ${JSON.stringify(name)}`).toBe(200);
        expect(got.body).toBe(content);
        const disposition = String(got.headers['content-disposition']);
        // One header line, a quoted ASCII name without quotes inside, the exact name as filename*.
        expect(disposition).toMatch(
          /^attachment; filename="[\x20\x21\x23-\x7e]*"(; filename\*=UTF-8''[\x21-\x7e]+)?$/,
        );
        const extended = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1];
        if (extended !== undefined) counts.extended += 1;
        expect(
          extended === undefined ? /filename="(.*)"/.exec(disposition)?.[1] : decodeURIComponent(extended),
        ).toBe(name);
        await device.app.inject({ method: 'POST', url: '/api/file/delete', ...dataForm({ file: name }) });
      }),
      {
        seed: hostileNames.seed,
        numRuns: hostileNames.runs,
        endOnFailure: true,
        examples: chosen.map((text) => [text]),
      },
    );
    console.log(
      `files: ${counts.names} hostile names: ${counts.stored} stored and downloaded with their exact bytes ` +
        `(${counts.extended} named by filename*), ${counts.refused} refused at upload; no 5xx`,
    );
  }, 120_000);

  it('uploads over the size limit are refused and write nothing', async () => {
    const sizes = [512 * 1024 + 1, 1024 * 1024, 5 * 1024 * 1024];
    for (const size of sizes) {
      const name = `big-${size}.bin`;
      const answer = await uploadFile(device.app, name, Buffer.alloc(size, 0x41));
      expect([answer.status, answer.body], `${size} bytes`).toEqual([500, 'FAIL']);
      expect(await readdir(dataDir)).not.toContain(name);
    }
    expect(device.restarts).toEqual([]);
    console.log(`files: ${sizes.length} oversized uploads (${sizes.join(', ')} bytes) refused`);
  });
});

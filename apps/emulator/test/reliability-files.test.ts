import fc from 'fast-check';
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
});
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

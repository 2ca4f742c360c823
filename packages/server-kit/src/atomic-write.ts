import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';

let sequence = 0;

/**
 * Writes a file so that a crash at any moment leaves either the old or the new content:
 * the bytes go to a temporary file in the same folder, are flushed to disk, and the
 * temporary file is renamed over the target (atomic on POSIX file systems); the folder
 * is flushed too so the rename itself survives a power cut. `mode` (e.g. 0o600 for a file
 * holding passwords) holds from the first byte.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o666): Promise<void> {
  sequence += 1;
  const temp = `${path}.tmp-${process.pid}-${sequence}`;
  const handle = await open(temp, 'w', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await rename(temp, path);
  const dir = await open(dirname(path), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './config-error';

/**
 * Makes sure the data folder exists and can be written, before anything starts: a service
 * whose folder is wrong says so at once rather than failing at its first sample.
 */
export async function ensureDataDir(dir: string, where: string): Promise<void> {
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    throw new ConfigError(
      `${where} ${dir} is not a folder this server can write (${(error as NodeJS.ErrnoException).code})`,
    );
  }
}

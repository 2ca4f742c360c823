/**
 * Settings the owner saves from the app (the alerts' `alerts.json`, the controller's
 * `control.json`): a JSON file in the data folder, written atomically with mode 0600 (they
 * hold passwords), read at start with the same checks as a save.
 */
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A body the server cannot use: answered 400 with this message, nothing changed. */
export class SettingsRefusal extends Error {}

/** The file's settings, `parse`d; undefined when there is none. Throws, naming the file, when it cannot be used. */
export async function readSavedSettings<T>(
  dataDir: string,
  name: string,
  parse: (json: unknown) => T,
): Promise<T | undefined> {
  const file = join(dataDir, name);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return parse(JSON.parse(text));
  } catch (error) {
    const reason = error instanceof SettingsRefusal || error instanceof SyntaxError ? error.message : error;
    throw new Error(`${file} cannot be used (${String(reason)}); fix or remove it`);
  }
}

export async function writeSavedSettings(dataDir: string, name: string, body: unknown): Promise<void> {
  await writeFileAtomic(join(dataDir, name), `${JSON.stringify(body, null, 2)}\n`, 0o600);
}

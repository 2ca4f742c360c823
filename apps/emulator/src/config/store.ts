import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfigFile } from '@opendtu/api';
import { writeFileAtomic } from './atomic-write';
import { defaultConfig } from './defaults';
import type { Identity } from './identity';
import { normalizeLike } from './normalize';

export const CONFIG_FILE = 'config.json';

/**
 * The device's configuration: held in memory, persisted as config.json in the data
 * folder with the firmware's layout, every write atomic.
 */
export class ConfigStore {
  private constructor(
    private readonly path: string,
    private readonly identity: Identity,
    private current: ConfigFile,
    /** Set when config.json could not be read at start: where the damaged file was kept. */
    readonly damagedCopy: string | undefined,
    /** True on the first boot of a data folder: config.json did not exist and was created. */
    readonly created = false,
  ) {}

  /** Loads config.json; a missing file yields defaults (written at once, as at first boot). */
  static async open(dataDir: string, identity: Identity): Promise<ConfigStore> {
    const path = join(dataDir, CONFIG_FILE);
    const defaults = defaultConfig(identity);
    let text: string | undefined;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      text = undefined;
    }
    if (text === undefined) {
      const store = new ConfigStore(path, identity, defaults, undefined, true);
      await store.save();
      return store;
    }
    let parsed: unknown;
    let damagedCopy: string | undefined;
    try {
      parsed = JSON.parse(text.replace(/^[^{]*/, ''));
    } catch {
      damagedCopy = `${path}.damaged-${Date.now()}`;
      await rename(path, damagedCopy);
    }
    const store = new ConfigStore(path, identity, normalizeLike(defaults, parsed), damagedCopy);
    if (damagedCopy) await store.save();
    return store;
  }

  get(): ConfigFile {
    return this.current;
  }

  /** The defaults of this device (identity-derived values included). */
  defaults(): ConfigFile {
    return defaultConfig(this.identity);
  }

  /** Increments the save counter and writes config.json atomically; false when the write failed. */
  async save(): Promise<boolean> {
    this.current.cfg.save_count += 1;
    try {
      await writeFileAtomic(this.path, JSON.stringify(this.current));
      return true;
    } catch {
      return false;
    }
  }
}

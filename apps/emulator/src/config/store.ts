import { readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Capabilities, ConfigFile } from '@opendtu/api';
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';
import { defaultConfig } from './defaults';
import type { Identity } from './identity';
import { migrateConfig } from './migrate';
import { normalizeLike } from './normalize';
import { parseTolerantJson } from './tolerant-json';

export const CONFIG_FILE = 'config.json';

/** The DTU serial of a config written before the device had generated its own (contract §7.3). */
export const PLACEHOLDER_DTU_SERIAL = 0x99978563412;

/**
 * The device's configuration: held in memory, persisted as config.json in the data
 * folder with the firmware's layout, every write atomic.
 */
export class ConfigStore {
  private frozen = false;
  /** Saves run one after another, so the last save's content is the one on disk. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private readonly identity: Identity,
    private readonly release: Pick<Capabilities, 'syslog' | 'logging'> | undefined,
    private current: ConfigFile,
    /** Set when config.json could not be read at start: where the damaged file was kept. */
    readonly damagedCopy: string | undefined,
    /** True on the first boot of a data folder: config.json did not exist and was created. */
    readonly created = false,
  ) {}

  /**
   * Loads config.json as the firmware reads it (contract §7.2-7.4): per-key defaults,
   * migration of older versions, a generated DTU serial instead of the placeholder. A
   * damaged file keeps what parsed before the damage; the file itself is first kept aside
   * as `config.json.damaged-<time>`, then replaced. A missing file yields the defaults,
   * written at once as at first boot.
   */
  static async open(
    dataDir: string,
    identity: Identity,
    release?: Pick<Capabilities, 'syslog' | 'logging'>,
  ): Promise<ConfigStore> {
    const path = join(dataDir, CONFIG_FILE);
    // A write cut short by a crash leaves its temporary file behind; config.json is intact.
    for (const name of await readdir(dataDir).catch(() => [] as string[])) {
      if (name.startsWith(`${CONFIG_FILE}.tmp-`)) await unlink(join(dataDir, name)).catch(() => undefined);
    }
    const defaults = defaultConfig(identity, release);
    let text: string | undefined;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      text = undefined;
    }
    if (text === undefined) {
      const store = new ConfigStore(path, identity, release, defaults, undefined, true);
      await store.save();
      return store;
    }
    const { value, complete } = parseTolerantJson(text);
    let damagedCopy: string | undefined;
    if (!complete) {
      damagedCopy = `${path}.damaged-${Date.now()}`;
      await rename(path, damagedCopy);
    }
    const document = value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
    const migrated = migrateConfig(document as Record<string, unknown>);
    const config = normalizeLike(defaults, document);
    const placeholder = config.dtu.serial === PLACEHOLDER_DTU_SERIAL;
    if (placeholder) config.dtu.serial = identity.defaultDtuSerial;
    const store = new ConfigStore(path, identity, release, config, damagedCopy);
    if (damagedCopy || migrated || placeholder) await store.save();
    return store;
  }

  get(): ConfigFile {
    return this.current;
  }

  /** The defaults of this device (identity-derived values included). */
  defaults(): ConfigFile {
    return defaultConfig(this.identity, this.release);
  }

  /**
   * Stops all further writes until the next boot: config.json on disk was replaced (restore)
   * or removed (factory reset) and must not be overwritten by this RAM copy before the restart.
   */
  freeze(): void {
    this.frozen = true;
  }

  /** Increments the save counter and writes config.json atomically; false when the write failed. */
  save(): Promise<boolean> {
    const run = async (): Promise<boolean> => {
      if (this.frozen) return false;
      this.current.cfg.save_count += 1;
      try {
        await writeFileAtomic(this.path, JSON.stringify(this.current));
        return true;
      } catch {
        return false;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result;
    return result;
  }
}

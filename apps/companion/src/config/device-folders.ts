/**
 * Where each device of a plant keeps its history, alerts and zero-export settings (issue
 * 33). The choice is written to `devices.json` in the data folder and read back at each
 * start, so a history follows its device:
 * - a device renamed (same URL, a name no longer configured) keeps its folder;
 * - a device given a new URL under the same name keeps its folder;
 * - the first time several devices are configured, a data folder that already holds the
 *   history of a one-device companion stays the first device's (`.`), so adding a second
 *   DTU loses nothing; every other device gets `devices/NAME`.
 * Pure: the caller reads and writes the files.
 */

/** One line of devices.json: a device and its folder, relative to the data folder. */
export interface FolderEntry {
  name: string;
  url: string;
  folder: string;
}

export interface FolderPlan {
  entries: FolderEntry[];
  /** What changed, one line each, for the log. */
  notes: string[];
}

export function assignFolders(
  saved: readonly FolderEntry[],
  devices: readonly { name: string; url: string }[],
  rootHasHistory: boolean,
): FolderPlan {
  const free = [...saved];
  const taken = (predicate: (entry: FolderEntry) => boolean): FolderEntry | undefined => {
    const index = free.findIndex(predicate);
    return index < 0 ? undefined : free.splice(index, 1)[0];
  };
  const notes: string[] = [];
  const names = new Set(devices.map((device) => device.name));
  const entries: FolderEntry[] = [];
  // A renamed device keeps `devices/OLD`; a new device called OLD must not share it.
  const unused = (name: string): string => {
    const inUse = (folder: string) => [...saved, ...entries].some((entry) => entry.folder === folder);
    let folder = `devices/${name}`;
    for (let n = 2; inUse(folder); n++) folder = `devices/${name}-${n}`;
    return folder;
  };
  for (const device of devices) {
    const byName = taken((entry) => entry.name === device.name);
    const byUrl = byName ?? taken((entry) => entry.url === device.url && !names.has(entry.name));
    if (byName && byName.url !== device.url)
      notes.push(`${device.name} has a new URL (${device.url}, was ${byName.url}); its history stays`);
    if (!byName && byUrl) notes.push(`${byUrl.name} is now called ${device.name}; its history goes with it`);
    const folder =
      byUrl?.folder ??
      (saved.length === 0 && rootHasHistory && entries.length === 0 ? '.' : unused(device.name));
    if (!byUrl && folder === '.')
      notes.push(`${device.name} keeps the history already in the data folder (the first device listed)`);
    entries.push({ name: device.name, url: device.url, folder });
  }
  // A device no longer configured keeps its line: configured again, it finds its history.
  return { entries: [...entries, ...free], notes };
}

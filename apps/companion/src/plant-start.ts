/**
 * Starting a plant (several devices): each device's folder (config/device-folders.ts, kept
 * in devices.json), its saved alert and zero-export settings read from there, its log
 * lines marked with its name, then the server (plant-app.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';
import { readSavedAlerts } from './alerts/settings-file';
import { ConfigError, ensureDataDir, type CompanionOptions } from './cli';
import { assignFolders, type FolderEntry } from './config/device-folders';
import { readSavedControl } from './control/settings-file';
import type { LogLine } from './log';
import type { PlantDeviceOptions } from './plant-app';
import { DATABASE_FILE } from './recorder/db/open';

export const FOLDERS_FILE = 'devices.json';

function savedFolders(dataDir: string): FolderEntry[] {
  const file = join(dataDir, FOLDERS_FILE);
  if (!existsSync(file)) return [];
  try {
    const entries = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (
      Array.isArray(entries) &&
      entries.every(
        (entry: Partial<FolderEntry>) =>
          typeof entry?.name === 'string' &&
          typeof entry.url === 'string' &&
          typeof entry.folder === 'string',
      )
    )
      return entries as FolderEntry[];
  } catch {
    // Told below.
  }
  throw new ConfigError(`${file} is not a list of devices and their folders; fix or remove it`);
}

/** Every device's options, its folder made and checked, devices.json written. */
export async function plantDevices(options: CompanionOptions, log: LogLine): Promise<PlantDeviceOptions[]> {
  const plan = assignFolders(
    savedFolders(options.dataDir),
    options.devices.map((device) => ({ name: device.name, url: device.url.href })),
    existsSync(join(options.dataDir, DATABASE_FILE)),
  );
  for (const note of plan.notes) log(note);
  await writeFileAtomic(join(options.dataDir, FOLDERS_FILE), `${JSON.stringify(plan.entries, null, 2)}\n`);
  const devices: PlantDeviceOptions[] = [];
  for (const device of options.devices) {
    const dataDir = join(options.dataDir, plan.entries.find((entry) => entry.name === device.name)!.folder);
    await ensureDataDir(dataDir, `${options.dataLabel} (${device.name})`);
    const asConfig = <T>(promise: Promise<T>): Promise<T> =>
      promise.catch((error: Error) => {
        throw new ConfigError(`${device.name}: ${error.message}`);
      });
    const alerts = await asConfig(readSavedAlerts(dataDir));
    const control = await asConfig(readSavedControl(dataDir));
    devices.push({
      name: device.name,
      deviceUrl: device.url,
      password: device.password,
      dataDir,
      speed: options.speed,
      influxUrl: options.influxUrl,
      influxToken: options.influxToken,
      rawDays: options.rawDays,
      alertChannels: alerts?.channels ?? options.alertChannels,
      alertSettings: alerts?.settings ?? options.alertSettings,
      alertSource: alerts ? 'saved' : 'options',
      control: control?.config,
      controlSaved: control?.body,
      log: (line, level) => log(`[${device.name}] ${line}`, level),
    });
  }
  return devices;
}

/**
 * Every device's options, read the same way for one device or several: its folder (one
 * device: the data folder; several: the folders kept in devices.json, device-folders.ts),
 * checked writable, and its settings saved in the app (alerts.json, control.json) standing
 * in for the options. A saved file that cannot be used is a ConfigError naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';
import { readSavedAlerts } from '../alerts/settings-file';
import { readSavedControl } from '../control/settings-file';
import { readSavedMeter } from '../meter/settings-file';
import type { DeviceOptions } from '../device-scope';
import type { LogLine } from '../log';
import { DATABASE_FILE } from '../recorder/db/open';
import type { CompanionOptions } from './cli';
import { ensureDataDir } from './data-dir';
import { assignFolders, type FolderEntry } from './device-folders';
import type { DeviceEntry } from './devices';
import { ConfigError } from './config-error';

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

/** Each device's folder: the data folder for one; for several, devices.json's, written back. */
async function foldersOf(options: CompanionOptions, devices: readonly DeviceEntry[], log: LogLine) {
  if (devices.length === 1) return [options.dataDir];
  const plan = assignFolders(
    savedFolders(options.dataDir),
    devices.map((device) => ({ name: device.name, url: device.url.href })),
    existsSync(join(options.dataDir, DATABASE_FILE)),
  );
  for (const note of plan.notes) log(note);
  await writeFileAtomic(join(options.dataDir, FOLDERS_FILE), `${JSON.stringify(plan.entries, null, 2)}\n`);
  const folders: string[] = [];
  for (const device of devices) {
    const folder = join(options.dataDir, plan.entries.find((entry) => entry.name === device.name)!.folder);
    await ensureDataDir(folder, `${options.dataLabel} (${device.name})`);
    folders.push(folder);
  }
  return folders;
}

/**
 * The options of every device in `devices` (the options' own, or the demo's). One device
 * keeps today's form: no name, the schedule, the log as it is; several are named in paths,
 * push lines, alerts and log lines.
 */
export async function loadDevices(
  options: CompanionOptions,
  devices: readonly DeviceEntry[],
  log: LogLine,
  demo = false,
): Promise<DeviceOptions[]> {
  const one = devices.length === 1;
  const folders = await foldersOf(options, devices, log);
  return Promise.all(
    devices.map(async (device, index) => {
      const dataDir = folders[index]!;
      const asConfig = <T>(promise: Promise<T>): Promise<T> =>
        promise.catch((error: Error) => {
          throw new ConfigError(one ? error.message : `${device.name}: ${error.message}`);
        });
      const alerts = await asConfig(readSavedAlerts(dataDir));
      const control = await asConfig(readSavedControl(dataDir));
      const meter = await asConfig(readSavedMeter(dataDir));
      return {
        ...(one ? { demo, schedule: options.schedule } : { name: device.name }),
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
        control: control ? control.config : options.control,
        controlSaved: control?.body,
        // One device: a meter given is its own, named or not; several: the one named for it.
        meter: options.meters.find((entry) => one || entry.device === device.name)?.spec,
        meterSaved: meter,
        log: one ? log : (line, level) => log(`[${device.name}] ${line}`, level),
      } satisfies DeviceOptions;
    }),
  );
}

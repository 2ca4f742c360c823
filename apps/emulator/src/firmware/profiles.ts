/**
 * The firmware releases the emulator can play (`--firmware`), and what each changes
 * (docs/firmware-releases.md). The capabilities come from the contract package's release
 * table, the same one the web app detects with; what only the emulator needs (the
 * logging modules) is added here. Routes ask the running device's profile, never a version.
 */
import { RELEASES, releaseFor, type Capabilities } from '@opendtu/api';

export const EMULATED_RELEASES = ['v24.10.15', 'v25.4.10', 'v25.9.11', 'v26.3.30'] as const;
export type EmulatedRelease = (typeof EMULATED_RELEASES)[number];

/** The contract the web app was written for (../shared/docs/device-api.md). */
export const DEFAULT_RELEASE: EmulatedRelease = 'v25.4.10';

export interface FirmwareProfile extends Capabilities {
  /** The release tag, reported as `git_hash`. */
  version: EmulatedRelease;
  /** Reported as `config_version`. */
  configVersion: string;
  /** The modules GET /api/logging/config lists (v26.3.28 added the web server's two). */
  logModules: readonly string[];
}

const LOG_MODULES = ['CORE', 'hoymiles', 'mqtt', 'network', 'webapi'];

const EXTRA: Record<EmulatedRelease, Pick<FirmwareProfile, 'logModules'>> = {
  'v24.10.15': { logModules: [] },
  'v25.4.10': { logModules: [] },
  'v25.9.11': { logModules: LOG_MODULES },
  'v26.3.30': { logModules: [...LOG_MODULES, 'async_ws', 'async_tcp'] },
};

export function isEmulatedRelease(text: string): text is EmulatedRelease {
  return (EMULATED_RELEASES as readonly string[]).includes(text);
}

export function firmwareProfile(version: EmulatedRelease = DEFAULT_RELEASE): FirmwareProfile {
  const release = releaseFor(version) ?? RELEASES[0]!;
  return { ...release.capabilities, version, configVersion: release.configVersion, ...EXTRA[version] };
}

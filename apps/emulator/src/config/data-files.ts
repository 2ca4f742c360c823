import { isAbsolute } from 'node:path';
import { FIRMWARE_FILE } from './firmware-image';

/**
 * The device's file system is flat (contract §7.1). The emulator keeps it in a folder, so
 * any name that could reach outside it, or into a sub-folder, is refused (contract
 * "Emulator deviations"): empty names, `..`, `/`, `\`, NUL and absolute paths.
 */
export function isSafeFileName(name: string): boolean {
  return (
    name !== '' &&
    name !== '.' &&
    !name.includes('..') &&
    !/[/\\\0]/.test(name) &&
    !isAbsolute(name) &&
    !/^[A-Za-z]:/.test(name)
  );
}

/** The simulated inverters' own memory (sim/yield-store.ts). */
export const YIELD_FILE = '.sim-yields.json';

/** Temporary files of atomic writes are not part of the device's file system. */
export function isTemporaryFile(name: string): boolean {
  return /\.tmp-\d+-\d+$/.test(name);
}

/**
 * Files the emulator keeps in the data folder for itself, which a device does not have:
 * temporaries of atomic writes, the simulated inverters' lifetime yields (on a real
 * system those live in the inverters) and the record of the flashed firmware image (in
 * the app partition, not the file system). The file API neither shows nor touches them,
 * and a factory reset keeps them, as resetting a DTU resets neither its inverters nor its
 * firmware.
 */
export function isEmulatorFile(name: string): boolean {
  return isTemporaryFile(name) || name === YIELD_FILE || name === FIRMWARE_FILE;
}

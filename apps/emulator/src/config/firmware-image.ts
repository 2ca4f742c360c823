/**
 * The application image in the virtual device's flash. The emulator cannot run an uploaded
 * image, but it keeps what a device would: after a verified OTA upload the new image is
 * what boots, so its size (sketch_used, contract §2.4) and digest are recorded in a small
 * file of the data folder (not a device file: a factory reset does not erase the firmware).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '@opendtu/server-kit/atomic-write';

export const FIRMWARE_FILE = '.firmware-image.json';

/** The size of the reference release's image, the one the emulator ships with. */
export const FACTORY_IMAGE_BYTES = 1_503_536;

export interface FirmwareImage {
  /** Bytes of the running image. */
  size: number;
  /** MD5 of the image as 32 lowercase hex digits; absent for the factory image. */
  md5?: string;
  /** Simulated epoch ms of the upload; absent for the factory image. */
  flashedAt?: number;
}

const FACTORY_IMAGE: FirmwareImage = { size: FACTORY_IMAGE_BYTES };

/** The image the device boots: the last one flashed, or the factory image. */
export async function readFirmwareImage(dataDir: string): Promise<FirmwareImage> {
  try {
    const stored = JSON.parse(await readFile(join(dataDir, FIRMWARE_FILE), 'utf8')) as Partial<FirmwareImage>;
    const sizeOk = typeof stored.size === 'number' && Number.isInteger(stored.size) && stored.size > 0;
    if (!sizeOk || typeof stored.md5 !== 'string' || typeof stored.flashedAt !== 'number')
      return FACTORY_IMAGE;
    return { size: stored.size!, md5: stored.md5, flashedAt: stored.flashedAt };
  } catch {
    return FACTORY_IMAGE;
  }
}

/** Writes a verified image into the (virtual) OTA slot: it boots at the next restart. */
export async function flashFirmwareImage(dataDir: string, image: Required<FirmwareImage>): Promise<void> {
  await writeFileAtomic(join(dataDir, FIRMWARE_FILE), JSON.stringify(image));
}

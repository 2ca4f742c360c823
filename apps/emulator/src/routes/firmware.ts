import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { flashFirmwareImage } from '../config/firmware-image';
import { uploadedFile, type UploadedFile } from '../http/post-data';
import { deviceRoute } from '../http/route';
import { sendUploadFail, sendUploadOk } from '../http/upload-answer';
import { SKETCH_TOTAL } from './vitals';

/** First byte of every ESP32 application image. */
const ESP_IMAGE_MAGIC = 0xe9;

/**
 * Why an image would fail on the device, or undefined when the OTA engine would accept it.
 * The checks are the emulator's (contract "Emulator deviations"): where the reference
 * answers 200 to a missing or malformed MD5 by accident, the emulator fails.
 */
function problemWith(upload: UploadedFile | undefined): string | undefined {
  if (!upload) return 'no image';
  // Only a field sent before the image counts: the device starts writing at the first chunk.
  const expected = upload.fieldsBefore.MD5;
  if (expected === undefined) return 'MD5 parameter missing';
  if (!/^[0-9a-f]{32}$/i.test(expected)) return 'MD5 parameter invalid';
  if (upload.truncated || upload.bytes.length > SKETCH_TOTAL) return 'image larger than the OTA slot';
  // The reference's OTA engine (Arduino-ESP32 Update) writes the bytes as they come and
  // checks the first one: a gzip stream (1f 8b) is refused like any other non-image; the
  // firmware decompresses nothing (contract §8, WebApi_firmware.cpp of v25.4.10).
  if (upload.bytes[0] === 0x1f && upload.bytes[1] === 0x8b) return 'gzip-compressed, not an ESP32 image';
  if (upload.bytes[0] !== ESP_IMAGE_MAGIC) return 'not an ESP32 image (magic byte)';
  const actual = createHash('md5').update(upload.bytes).digest('hex');
  if (actual !== expected.toLowerCase()) return 'MD5 mismatch';
  return undefined;
}

/**
 * Contract §8: firmware upload. Multipart with the text field `MD5` and then the image;
 * the answer is plain `OK` (200) or `FAIL` (500), and the device restarts after every
 * upload, accepted or not. The emulator runs no image: a good one is checked and
 * recorded as the image in flash, which the device boots with (its size is sketch_used of
 * the system status); it still reports itself as the same release.
 */
export const firmwareRoutes: FastifyPluginAsync = async (app) => {
  const { device } = app;
  deviceRoute(app, 'POST', '/api/firmware/update', 'admin', async (request, reply) => {
    const upload = uploadedFile(request);
    const problem = problemWith(upload);
    if (problem === undefined && upload) {
      const md5 = createHash('md5').update(upload.bytes).digest('hex');
      await flashFirmwareImage(device.dataDir, {
        size: upload.bytes.length,
        md5,
        flashedAt: device.clock.now(),
      });
      device.console.line(
        `OTA: image of ${upload.bytes.length} bytes (MD5 ${md5}) written, restarting`,
        'webapi',
      );
    } else device.console.line(`OTA failed: ${problem}, restarting`, 'webapi', 'E');
    device.restart(problem === undefined ? 'firmware update' : 'firmware update failed');
    return problem === undefined ? sendUploadOk(reply) : sendUploadFail(reply);
  });
};

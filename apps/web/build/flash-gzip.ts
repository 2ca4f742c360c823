// The device serves the stored .gz files as they are, so a smaller encoding is flash and
// transfer time saved for free. Zopfli writes ordinary gzip (any browser inflates it) but
// searches much harder than zlib's level 9; it costs seconds at build time only.
import { gzipAsync } from '@gfx/zopfli';
import { constants, gzipSync } from 'node:zlib';

/** Zopfli iterations: past ~15 the gain on files of this size is a few bytes. */
const ITERATIONS = 15;

/** The smallest gzip of `data` that zopfli or zlib's best level produce. */
export async function gzipForFlash(data: Uint8Array): Promise<Buffer> {
  const zopfli = Buffer.from(await gzipAsync(data, { numiterations: ITERATIONS }));
  const zlib = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  return zopfli.length <= zlib.length ? zopfli : zlib;
}

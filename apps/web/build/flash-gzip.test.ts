import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipForFlash } from './flash-gzip.ts';

// Zopfli is slow by design; on a loaded 2-core machine even small inputs take seconds.
describe('gzipForFlash', { timeout: 30_000 }, () => {
  // Text shaped like a bundle: repeated identifiers with variations.
  const text = Array.from(
    { length: 600 },
    (_, i) => `const item${i % 97}=render(${i * 7}, "label-${i % 13}");`,
  ).join('\n');
  const data = new TextEncoder().encode(text);

  it('writes gzip that any inflater reads back unchanged', async () => {
    const packed = await gzipForFlash(data);
    expect(packed[0]).toBe(0x1f);
    expect(packed[1]).toBe(0x8b);
    expect(gunzipSync(packed).toString('utf8')).toBe(text);
  });

  it('is never larger than zlib at its best level', async () => {
    const zlib = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
    expect((await gzipForFlash(data)).length).toBeLessThanOrEqual(zlib.length);
  });
});

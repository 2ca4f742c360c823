// The reference digests of the larger inputs come from Node's own MD5.
/// <reference types="node" />
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Md5, md5OfBlob, MD5_CHUNK_BYTES } from '../src/lib/md5';

const text = (value: string) => new TextEncoder().encode(value);

describe('MD5', () => {
  // The test suite of RFC 1321, appendix A.5.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('MD5("%s") = %s', (input, digest) => {
    expect(new Md5().update(text(input)).hex()).toBe(digest);
  });

  it('gives the same digest however the input is split', () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 31) & 0xff);
    const whole = new Md5().update(bytes).hex();
    for (const size of [1, 55, 56, 63, 64, 65, 333]) {
      const hash = new Md5();
      for (let offset = 0; offset < bytes.length; offset += size)
        hash.update(bytes.subarray(offset, offset + size));
      expect(hash.hex()).toBe(whole);
    }
    expect(whole).toBe(createHash('md5').update(bytes).digest('hex'));
  });

  it('hashes a file of several 2 MB chunks as node:crypto does, reporting progress up to 100', async () => {
    const size = 2 * MD5_CHUNK_BYTES + 12_345;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 13)) & 0xff;
    bytes[0] = 0xe9;
    const progress: number[] = [];
    const digest = await md5OfBlob(new Blob([bytes]), (percent) => progress.push(percent));
    expect(digest).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(progress).toHaveLength(3);
    expect(progress.at(-1)).toBe(100);
  });

  it('lets other tasks run between chunks', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    await md5OfBlob(new Blob([new Uint8Array(40_000)]), undefined, 4096);
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(0);
  });
});

// MD5 (RFC 1321), which the device needs with every firmware image: Web Crypto has no MD5.
// Incremental, so a 2 MB chunk at a time can be hashed without holding the whole image.

/** Per-step left-rotation amounts, four per round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** The sine table: floor(abs(sin(i + 1)) * 2^32). */
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** How many bytes the firmware hash reads at a time (spec §9: 2097152). */
export const MD5_CHUNK_BYTES = 2 * 1024 * 1024;

export class Md5 {
  private readonly state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  private readonly block = new Uint8Array(64);
  private readonly blockView = new DataView(this.block.buffer);
  private readonly words = new Uint32Array(16);
  private buffered = 0;
  private length = 0;

  /** Feeds more bytes; returns this for chaining. */
  update(bytes: Uint8Array): this {
    let offset = 0;
    this.length += bytes.length;
    while (offset < bytes.length) {
      const take = Math.min(64 - this.buffered, bytes.length - offset);
      this.block.set(bytes.subarray(offset, offset + take), this.buffered);
      this.buffered += take;
      offset += take;
      if (this.buffered === 64) {
        this.transform();
        this.buffered = 0;
      }
    }
    return this;
  }

  /** The digest as 32 lowercase hex characters; the hash cannot be fed afterwards. */
  hex(): string {
    const bits = this.length * 8;
    const padding = new Uint8Array((this.buffered < 56 ? 56 : 120) - this.buffered + 8);
    padding[0] = 0x80;
    const view = new DataView(padding.buffer);
    view.setUint32(padding.length - 8, bits >>> 0, true);
    view.setUint32(padding.length - 4, Math.floor(bits / 2 ** 32), true);
    this.update(padding);
    let out = '';
    for (const word of this.state)
      for (let byte = 0; byte < 4; byte++)
        out += ((word >>> (byte * 8)) & 0xff).toString(16).padStart(2, '0');
    return out;
  }

  private transform(): void {
    const { blockView, words, state } = this;
    for (let i = 0; i < 16; i++) words[i] = blockView.getUint32(i * 4, true);
    // Indexes below are always in range; the `!` only tells the compiler so.
    let a = state[0]!;
    let b = state[1]!;
    let c = state[2]!;
    let d = state[3]!;
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      let f: number;
      let g: number;
      if (round === 0) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (round === 1) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (round === 2) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const sum = (a + f + SINES[i]! + words[g]!) | 0;
      const shift = SHIFTS[round * 4 + (i & 3)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    state[0]! += a;
    state[1]! += b;
    state[2]! += c;
    state[3]! += d;
  }
}

/** Lets the browser paint and handle input between two chunks. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * MD5 of a file read in chunks with Blob.slice, yielding to the event loop after each,
 * so a large image never freezes the page. `onProgress` gets 0-100.
 */
export async function md5OfBlob(
  blob: Blob,
  onProgress?: (percent: number) => void,
  chunkBytes = MD5_CHUNK_BYTES,
): Promise<string> {
  const hash = new Md5();
  for (let offset = 0; offset < blob.size; offset += chunkBytes) {
    hash.update(new Uint8Array(await blob.slice(offset, offset + chunkBytes).arrayBuffer()));
    onProgress?.(Math.round((Math.min(blob.size, offset + chunkBytes) / blob.size) * 100));
    await nextTask();
  }
  return hash.hex();
}

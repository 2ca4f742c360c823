// Draws the app icon (a sun above a solar panel on a rounded tile) and writes
// apps/web/public/favicon.png (144x144, the size the web manifest names) and
// favicon.ico (a 32x32 and a 48x48 PNG inside an ICO container). The shapes are evaluated
// per pixel with 4x4 supersampling, so no image library is needed; the pixel data is
// compressed by zopfli (they are stored in the device's flash: 864 bytes less than RGBA
// compressed by zlib).
import { writeFileSync } from 'node:fs';
import { zlibAsync } from '@gfx/zopfli';

const publicDir = new URL('../apps/web/public/', import.meta.url);

/** Colour of the icon at (x, y) in the unit square, or null for transparent. */
function shade(x, y) {
  const r = 0.2; // tile corner radius
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  // Panel: a parallelogram in the lower half with a grid of cells.
  const py = (y - 0.58) / 0.3;
  if (py >= 0 && py <= 1) {
    const skew = 0.1 * (1 - py);
    const px = (x - 0.16 - skew) / (0.68 - 0.2 * (1 - py) + 0.2 * (1 - py));
    if (px >= 0 && px <= 1) {
      const gridX = Math.abs(((px * 4) % 1) - 0.5) > 0.44;
      const gridY = Math.abs(((py * 3) % 1) - 0.5) > 0.42;
      return gridX || gridY ? [226, 232, 240] : [37, 99, 235];
    }
  }
  // Sun with rays in the upper half.
  const sx = x - 0.5;
  const sy = y - 0.36;
  const d = Math.hypot(sx, sy);
  if (d < 0.13) return [250, 204, 21];
  const angle = Math.atan2(sy, sx);
  const ray = Math.abs(((((angle / (Math.PI / 4)) % 1) + 1) % 1) - 0.5) > 0.36;
  if (d > 0.17 && d < 0.26 && ray && y < 0.56) return [250, 204, 21];
  return [15, 23, 42];
}

function render(size) {
  const pixels = Buffer.alloc(size * size * 4);
  const ss = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let rr = 0,
        gg = 0,
        bb = 0,
        aa = 0;
      for (let v = 0; v < ss; v++) {
        for (let u = 0; u < ss; u++) {
          const c = shade((i + (u + 0.5) / ss) / size, (j + (v + 0.5) / ss) / size);
          if (!c) continue;
          rr += c[0];
          gg += c[1];
          bb += c[2];
          aa += 1;
        }
      }
      const o = (j * size + i) * 4;
      if (aa > 0) {
        pixels[o] = Math.round(rr / aa);
        pixels[o + 1] = Math.round(gg / aa);
        pixels[o + 2] = Math.round(bb / aa);
      }
      pixels[o + 3] = Math.round((aa / (ss * ss)) * 255);
    }
  }
  return pixels;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/**
 * The icon as an indexed-colour PNG: it has fewer than 64 colours (alpha included), so a
 * palette with transparency holds it exactly in a quarter of the pixel data.
 */
async function png(size) {
  const pixels = render(size);
  const colours = new Map();
  const raw = Buffer.alloc(size * (size + 1));
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const rgba = pixels.readUInt32BE((j * size + i) * 4);
      if (!colours.has(rgba)) colours.set(rgba, colours.size);
      raw[j * (size + 1) + 1 + i] = colours.get(rgba);
    }
  }
  if (colours.size > 256) throw new Error(`${colours.size} colours: too many for a palette`);
  const palette = Buffer.alloc(colours.size * 3);
  const alpha = Buffer.alloc(colours.size);
  for (const [rgba, index] of colours) {
    palette.writeUIntBE(rgba >>> 8, index * 3, 3);
    alpha[index] = rgba & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8-bit palette indices
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('tRNS', alpha),
    chunk('IDAT', Buffer.from(await zlibAsync(raw, { numiterations: 50 }))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
async function ico(sizes) {
  const images = await Promise.all(sizes.map(png));
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach((img, k) => {
    const e = 6 + 16 * k;
    head[e] = sizes[k] % 256;
    head[e + 1] = sizes[k] % 256;
    head.writeUInt16LE(1, e + 4);
    head.writeUInt16LE(8, e + 6);
    head.writeUInt32LE(img.length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += img.length;
  });
  return Buffer.concat([head, ...images]);
}

writeFileSync(new URL('favicon.png', publicDir), await png(144));
writeFileSync(new URL('favicon.ico', publicDir), await ico([32, 48]));
console.log('favicon.png and favicon.ico written');

/**
 * A tiny PNG encoder for the captcha pictures the compat specs submit: truecolour, 8 bits,
 * unfiltered rows, zlib from node. Real PNG files, so the server's format sniffing sees a PNG.
 */
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG of `width`×`height` whose pixel (x, y) is `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw.set([r & 0xff, g & 0xff, b & 0xff], row + 1 + x * 3);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Cheap deterministic noise in 0..255. */
function noise(x: number, y: number, seed: number): number {
  let h = (x * 374761393 + y * 668265263 + seed * 2147483647) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
  return (h ^ (h >>> 16)) & 0xff;
}

/** A "distorted text" style picture: light noisy background with dark vertical strokes. */
export function textPicture(width = 200, height = 70, seed = 1): Buffer {
  return encodePng(width, height, (x, y) => {
    const stroke = (x + Math.round(6 * Math.sin(y / 9 + seed))) % 34 < 5 && y > 12 && y < height - 12;
    const n = noise(x, y, seed) >> 3;
    return stroke ? [30 + n, 41 + n, 59 + n] : [225 + (n >> 1), 232 + (n >> 1), 240];
  });
}

/** A grid of `rows`×`columns` tiles in alternating colours, lightly noisy. */
export function gridPicture(rows = 3, columns = 3, tile = 100, seed = 2): Buffer {
  const colours: Rgb[] = [[37, 99, 235], [22, 163, 74], [234, 179, 8], [220, 38, 38]];
  return encodePng(columns * tile, rows * tile, (x, y) => {
    const border = x % tile < 2 || y % tile < 2;
    const [r, g, b] = colours[(Math.floor(x / tile) + Math.floor(y / tile) * columns) % colours.length]!;
    const n = noise(x, y, seed) >> 4;
    return border ? [255, 255, 255] : [r + n, g + n, b + n];
  });
}

/** A scene to click on: noisy background with a few bright discs at `spots`. */
export function scenePicture(width: number, height: number, spots: readonly { x: number; y: number }[], seed = 3): Buffer {
  return encodePng(width, height, (x, y) => {
    const inSpot = spots.some((s) => (s.x - x) ** 2 + (s.y - y) ** 2 <= 12 ** 2);
    const n = noise(x, y, seed) >> 2;
    return inSpot ? [245, 158, 11] : [100 + n, 116 + n, 139 + n];
  });
}

/** A picture with an arrow-like wedge, to be turned upright. */
export function rotatePicture(size = 160, seed = 4): Buffer {
  const c = size / 2;
  return encodePng(size, size, (x, y) => {
    const dx = x - c;
    const dy = y - c;
    const inCircle = dx * dx + dy * dy <= (c - 4) ** 2;
    const wedge = dx > 0 && Math.abs(dy) < dx / 2;
    const n = noise(x, y, seed) >> 4;
    if (!inCircle) return [255, 255, 255];
    return wedge ? [220 + (n >> 1), 38 + n, 38 + n] : [203 + n, 213 + n, 225];
  });
}

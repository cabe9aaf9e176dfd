import sharp from 'sharp';
import type { DrawnItem } from './training-items.ts';
import { rng } from './training-items.ts';

/**
 * A training picture as the worker gets it: the item's SVG rasterised by sharp (librsvg), then
 * bent by two sine waves, sprinkled with pixel noise and softened, and encoded as PNG. Nothing of
 * the drawing survives but pixels: no text, no shapes, no metadata. Deterministic per seed, so the
 * same token always shows the same picture.
 */
export async function renderTrainingPicture(item: DrawnItem, seed: string): Promise<Buffer> {
  const rand = rng(`${seed}:render`);
  const { data, info } = await sharp(Buffer.from(item.svg), { density: 72, limitInputPixels: 1_000_000 })
    .resize(item.width, item.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h, channels } = info;
  const out = Buffer.alloc(data.length);
  // Pixel grain from a fast generator (mulberry32) seeded from the item's stream.
  let state = Math.floor(rand() * 2 ** 32) >>> 0;
  const grainRand = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Wave distortion: small enough that clicks within the tolerance still hit the drawn shapes.
  const ax = 1 + rand() * 1.8;
  const ay = 1 + rand() * 1.8;
  const px = 18 + rand() * 22;
  const py = 18 + rand() * 22;
  const phx = rand() * Math.PI * 2;
  const phy = rand() * Math.PI * 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.min(w - 1, Math.max(0, Math.round(x + ax * Math.sin(y / py + phx))));
      const sy = Math.min(h - 1, Math.max(0, Math.round(y + ay * Math.sin(x / px + phy))));
      const from = (sy * w + sx) * channels;
      const to = (y * w + x) * channels;
      const grain = (grainRand() - 0.5) * 46;
      for (let c = 0; c < channels; c++) out[to + c] = Math.max(0, Math.min(255, data[from + c]! + grain + (grainRand() - 0.5) * 16));
    }
  }
  return sharp(out, { raw: { width: w, height: h, channels } }).blur(0.5).png({ compressionLevel: 6 }).toBuffer();
}

/**
 * Passing the worker training in /cabinet/training, as a worker would: look at each exam picture
 * and answer in the page. "Looking" is reading the picture's SVG source (the exam pictures are
 * SVGs drawn by server/modules/workers/training.ts): the characters of the text items, the shape in
 * each grid tile, the centres of the stars.
 *
 * `user:create` has no option to mark the training passed; with one (e.g. `--trained`), the
 * compat specs could skip this walk.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from './expect.ts';
import { tr } from '../support/app.ts';
import { openHydrated } from './cabinet.ts';

type Point = { x: number; y: number };

function svgOf(dataUrl: string): string {
  const match = /^data:image\/svg\+xml;base64,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error(`not an SVG data URL: ${dataUrl.slice(0, 40)}…`);
  return Buffer.from(match[1]!, 'base64').toString('utf8');
}

/** The characters of a distorted-text picture, left to right. */
export function readText(svg: string): string {
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join('');
}

/** The shape drawn in each tile of a grid picture, tile 1 first (frames and background skipped). */
export function readGridShapes(svg: string): string[] {
  const shapes: string[] = [];
  for (const m of svg.matchAll(/<(circle|rect|polygon)\b([^>]*)\/>/g)) {
    const [, tag, attrs] = m;
    if (tag === 'rect' && /fill="(none|#ffffff)"/.test(attrs!)) continue;
    shapes.push(tag === 'circle' ? 'circle' : tag === 'rect' ? 'square' : 'triangle');
  }
  return shapes;
}

/** The centres of the stars (the highlighted polygons) of a click picture. */
export function readStars(svg: string): Point[] {
  return [...svg.matchAll(/<polygon points="([^"]+)" fill="#f59e0b"\/>/g)].map((m) => {
    const pts = m[1]!.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
    return { x: pts.reduce((s, p) => s + p[0], 0) / pts.length, y: pts.reduce((s, p) => s + p[1], 0) / pts.length };
  });
}

/**
 * Clicks natural-pixel points of the picture `img` shows (natural size `natural`) in a point
 * picker, waiting for each marker (a "Remove point N" button inside `picker`) before the next
 * click, and measuring the picture again: a marker may move it.
 */
export async function clickPicture(picker: Locator, img: Locator, natural: { width: number; height: number }, points: readonly Point[]) {
  const page = img.page();
  // Centred, so no sticky header covers it, and at once (the site scrolls smoothly): the clicks go
  // to page coordinates measured from the picture.
  await img.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }));
  for (const [i, p] of points.entries()) {
    const box = await img.boundingBox();
    if (!box) throw new Error('the picture is not on screen');
    await page.mouse.click(box.x + (p.x * box.width) / natural.width, box.y + (p.y * box.height) / natural.height);
    const marker = tr('en', 'worker:solver.points.remove', { number: String(i + 1), x: '#', y: '#' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('#', '\\d+');
    await expect(picker.getByRole('button', { name: new RegExp(`^${marker}$`) })).toBeAttached();
  }
}

/** Answers every exam item of /cabinet/training and submits; expects the pass banner. */
export async function passTrainingExam(page: Page): Promise<void> {
  await openHydrated(page, '/cabinet/training');
  const itemTitle = tr('en', 'worker:training.examItem', { number: '#', total: '#' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('#', '\\d+');
  const headings = page.getByRole('heading', { name: new RegExp(`^${itemTitle}$`) });
  await expect(headings.first()).toBeVisible();
  const total = await headings.count();
  const shapeWords: Record<string, string> = Object.fromEntries(
    ['circle', 'square', 'triangle'].map((shape) => [tr('en', `worker:training.instructions.grid.${shape}`), shape]),
  );

  for (let number = 1; number <= total; number++) {
    const item = page.locator('li').filter({ has: page.getByRole('heading', { name: tr('en', 'worker:training.examItem', { number: String(number), total: String(total) }) }) });
    const img = item.locator('img').first();
    const svg = svgOf((await img.getAttribute('src')) ?? '');
    const instruction = ((await item.locator('.worker-training__instruction').textContent()) ?? '').trim();
    if (instruction === tr('en', 'worker:training.instructions.text')) {
      await item.getByRole('textbox').fill(readText(svg));
    } else if (shapeWords[instruction]) {
      const shapes = readGridShapes(svg);
      const cells = shapes.flatMap((shape, i) => (shape === shapeWords[instruction] ? [i + 1] : []));
      for (const cell of cells) await item.getByRole('button', { name: tr('en', 'worker:solver.grid.tile', { number: String(cell) }), exact: true }).click();
    } else if (instruction === tr('en', 'worker:training.instructions.points')) {
      const size = /<svg[^>]*\bwidth="(\d+)" height="(\d+)"/.exec(svg)!;
      await clickPicture(item, img, { width: Number(size[1]), height: Number(size[2]) }, readStars(svg));
    } else {
      throw new Error(`unknown training instruction: ${instruction}`);
    }
  }
  await page.getByRole('button', { name: tr('en', 'worker:training.submitExam') }).click();
  await expect(page.getByText(tr('en', 'worker:training.passed'))).toBeVisible();
}

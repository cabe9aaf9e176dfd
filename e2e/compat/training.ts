/**
 * Passing the worker training in /cabinet/training, as a worker would: look at each exam picture
 * and answer in the page. The pictures are PNGs now (issue 21 #4), so "looking" is test seeding:
 * the e2e server's training secret is fixed by the seed (E2E_TRAINING_SECRET), and each picture's
 * opaque token with that secret draws the same item the server drew (training-items.ts), answer
 * included. The helper then waits out the human minimum before submitting.
 *
 * `user:create --trained` marks a worker's training as passed where a spec need not walk it.
 */
import type { Locator, Page } from '@playwright/test';
import { drawItem, itemSeed, type ItemUi } from '../../server/modules/workers/training-items.ts';
import { MIN_SECONDS_PER_ITEM } from '../../server/modules/workers/training.ts';
import { E2E_TRAINING_SECRET } from '../support/accounts.ts';
import { expect } from './expect.ts';
import { tr } from '../support/app.ts';
import { openHydrated } from './cabinet.ts';

type Point = { x: number; y: number };

/** The item a training picture shows, drawn again from its token (the URL's last segment). */
export function seededItem(ui: ItemUi, src: string) {
  const token = /\/api\/v2\/worker\/training\/images\/([A-Za-z0-9_-]+)$/.exec(src)?.[1];
  if (!token) throw new Error(`not a training picture URL: ${src.slice(0, 60)}`);
  return drawItem(ui, itemSeed(E2E_TRAINING_SECRET, token));
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

/**
 * Opens /cabinet/training and answers every exam item in the page (the answers from test seeding,
 * see above); returns when the set was issued at the latest (the page's first render) and the
 * number of exam items.
 */
export async function answerTrainingExam(page: Page): Promise<{ issued: number; total: number }> {
  const issued = Date.now(); // the set is issued when the page is first rendered, not earlier than now
  await openHydrated(page, '/cabinet/training');
  const itemTitle = tr('en', 'worker:training.examItem', { number: '#', total: '#' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('#', '\\d+');
  const headings = page.getByRole('heading', { name: new RegExp(`^${itemTitle}$`) });
  await expect(headings.first()).toBeVisible();
  const total = await headings.count();
  const gridInstructions = new Set(['circle', 'square', 'triangle'].map((shape) => tr('en', `worker:training.instructions.grid.${shape}`)));

  for (let number = 1; number <= total; number++) {
    const item = page.locator('li').filter({ has: page.getByRole('heading', { name: tr('en', 'worker:training.examItem', { number: String(number), total: String(total) }) }) });
    const img = item.locator('img').first();
    const src = (await img.getAttribute('src')) ?? '';
    // A person sees the picture before answering: the server flags answers to pictures never loaded.
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const instruction = ((await item.locator('.worker-training__instruction').textContent()) ?? '').trim();
    if (instruction === tr('en', 'worker:training.instructions.text')) {
      await item.getByRole('textbox').fill(String(seededItem('text', src).answer));
    } else if (gridInstructions.has(instruction)) {
      const drawn = seededItem('grid', src);
      expect(tr('en', `worker:${drawn.instruction}`), 'the seeded item is the one on screen').toBe(instruction);
      for (const cell of drawn.answer as number[]) await item.getByRole('button', { name: tr('en', 'worker:solver.grid.tile', { number: String(cell) }), exact: true }).click();
    } else if (instruction === tr('en', 'worker:training.instructions.points')) {
      const drawn = seededItem('points', src);
      await clickPicture(item, img, { width: drawn.width, height: drawn.height }, drawn.answer as Point[]);
    } else {
      throw new Error(`unknown training instruction: ${instruction}`);
    }
  }
  return { issued, total };
}

/** Answers every exam item of /cabinet/training at a human pace and submits; expects the pass banner. */
export async function passTrainingExam(page: Page): Promise<void> {
  const { issued, total } = await answerTrainingExam(page);
  // Faster than MIN_SECONDS_PER_ITEM per item is flagged and does not qualify.
  const humanPace = total * MIN_SECONDS_PER_ITEM * 1000 + 1000;
  await page.waitForTimeout(Math.max(0, issued + humanPace - Date.now()));
  await page.getByRole('button', { name: tr('en', 'worker:training.submitExam') }).click();
  await expect(page.getByText(tr('en', 'worker:training.passed'))).toBeVisible();
}

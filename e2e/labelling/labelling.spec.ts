import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { readAccounts } from '../support/accounts.ts';
import { exactly, gotoHydrated, LANGS, signInTo, tr, waitForHydration } from '../support/app.ts';

/**
 * Labelling projects (issue 19), the customer's side: create a bounding-box project with two
 * classes, upload five photos (two in a zip) and one large image that is tiled, see the live
 * estimate (items × annotators × price per task); the pages in en, ru and zh at 1280 and 390 px
 * without sideways scrolling. This draft is never started; journey.spec.ts starts its own project
 * and follows it to the exports.
 */

/** As the project page shows an amount (web/features/labelling/projects.tsx). */
const usd = (micros: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(micros / 1_000_000);
const png = (width: number, height: number, g: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g, b: 90 } } }).png().toBuffer();

test('a customer creates a bounding-box project, uploads images and a zip, and sees the estimate', async ({ page }) => {
  test.setTimeout(90_000);
  const account = readAccounts().labellingCustomer;
  await signInTo(page, account, '/data/projects');
  // The form is controlled by React: typing before hydration would be reset.
  await waitForHydration(page);
  const name = `Street scenes ${Date.now()}`;
  await page.getByLabel(tr('en', 'labelling:projects.name')).fill(name);
  await page.getByLabel(tr('en', 'labelling:projects.instructions')).fill('Frame every car and every person, tight to the edges.');
  await page.getByLabel(tr('en', 'labelling:projects.classes')).fill('car, person');
  await page.getByLabel(tr('en', 'labelling:projects.tiling')).check();
  await page.getByRole('button', { name: exactly(tr('en', 'labelling:projects.create')) }).click();
  await page.getByRole('link', { name: tr('en', 'labelling:projects.open') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(tr('en', 'labelling:projects.noImages'))).toBeVisible();

  const { writeZip } = await import('../../server/modules/labelling/zip.ts');
  const zip = writeZip([{ name: 'a.png', content: await png(400, 300, 100) }, { name: 'b.png', content: await png(640, 480, 120) }]);
  const files = [
    { name: 'photos.zip', mimeType: 'application/zip', buffer: zip },
    ...(await Promise.all([1, 2, 3].map(async (n) => ({ name: `street-${n}.png`, mimeType: 'image/png', buffer: await png(500 + n * 40, 400, 60 + n * 20) })))),
    { name: 'aerial.png', mimeType: 'image/png', buffer: await png(1500, 900, 160) },
  ];
  await page.getByLabel(tr('en', 'labelling:projects.files')).setInputFiles(files);
  await page.getByRole('button', { name: exactly(tr('en', 'labelling:projects.upload')) }).click();
  // 6 images: five fit in one item each, the 1500 × 900 aerial image is two 1024-px tiles.
  await expect(page.getByText(tr('en', 'labelling:projects.uploaded_other', { count: '6', items: '7' }))).toBeVisible();
  const facts = page.locator('.lab-facts');
  await expect(facts).toContainText('7');
  await expect(facts).toContainText('14');
  await expect(page.locator('.lab-gallery__item')).toHaveCount(7);
  await expect(page.getByText(tr('en', 'labelling:projects.tileOf', { name: 'aerial.png', n: '2' }))).toBeVisible();
  // The live price of bounding_box × 14 tasks: $0.0012 a task at its floor, more while the queue
  // holds bounding-box tasks (journey.spec.ts's project may be running alongside, so the price can
  // move between any two reads): the page shows the estimate of its own latest read (it polls).
  const projectId = Number(new URL(page.url()).pathname.split('/').pop());
  const read = await page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/api/v2/labelling/projects/${projectId}`, { timeout: 15_000 });
  const { estimate } = (await read.json()) as { estimate: { priceEach: number; tasks: number; total: number } };
  expect(estimate.tasks).toBe(14);
  expect(estimate.priceEach).toBeGreaterThanOrEqual(1200);
  expect(estimate.total).toBe(14 * estimate.priceEach);
  await expect(page.getByRole('button', { name: exactly(tr('en', 'labelling:projects.start', { total: usd(estimate.total) })) })).toBeVisible();

  // A text file named like an image is refused, nothing added.
  await page.getByLabel(tr('en', 'labelling:projects.files')).setInputFiles([{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') }]);
  await page.getByRole('button', { name: exactly(tr('en', 'labelling:projects.upload')) }).click();
  await expect(page.getByText(tr('en', 'labelling:projects.errors.UNSUPPORTED_MEDIA_TYPE'))).toBeVisible();
  await expect(page.locator('.lab-gallery__item')).toHaveCount(7);

  const projectPath = new URL(page.url()).pathname;
  for (const lang of LANGS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/data/projects', projectPath]) {
        const url = lang === 'en' ? path : `/${lang}${path}`;
        await gotoHydrated(page, url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${url} scrolls sideways at ${width}`).toBe(true);
        if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/labelling-draft-${lang}-${width}-${path === projectPath ? 'project' : 'list'}.png`, fullPage: true });
      }
    }
  }
});

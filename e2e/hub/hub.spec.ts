import { expect, test } from '@playwright/test';
import { readAccounts } from '../support/accounts.ts';
import { exactly, gotoHydrated, LANGS, signInTo, tr, waitForHydration } from '../support/app.ts';

/**
 * The worker hub (issue 19): a visitor plays the practice round by keyboard and mouse, gets a score
 * and the invitation to register; a signed-in worker is sent to the cabinet from it, hides from the
 * leaderboard and sees it there; every hub and worker-acquisition page renders in en, ru and zh at
 * desktop and phone widths without sideways scrolling.
 */

test('a visitor plays a practice round, gets a score and is invited to register as a worker', async ({ page }) => {
  await gotoHydrated(page, '/play-and-earn/play');
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByRole('heading', { name: tr('en', 'hub:play.item', { number: String(n), total: '5' }) })).toBeVisible();
    const text = page.getByLabel(tr('en', 'hub:play.answerLabel'));
    if (await text.isVisible()) {
      await text.fill('ABCDE');
      await text.press('Enter');
      continue;
    }
    const tile = page.getByRole('button', { name: tr('en', 'hub:play.tile', { number: '5' }) });
    if (await tile.isVisible()) {
      await tile.click();
      await expect(tile).toHaveAttribute('aria-pressed', 'true');
    } else {
      await page.locator('.hub-practice__canvas').click({ position: { x: 20, y: 20 } });
      await expect(page.getByText(tr('en', 'hub:play.points_one', { count: '1' }))).toBeVisible();
    }
    await page.getByRole('button', { name: n < 5 ? tr('en', 'hub:play.next') : tr('en', 'hub:play.finish') }).click();
  }
  await expect(page.getByRole('heading', { name: /^Your score: \d of 5$/ })).toBeVisible();
  await expect(page.locator('.hub-practice__results > li')).toHaveCount(5);
  const register = page.getByRole('link', { name: exactly(tr('en', 'hub:play.register')) });
  await expect(register).toHaveAttribute('href', '/auth/register?userType=worker');
  await page.getByRole('button', { name: tr('en', 'hub:play.again') }).click();
  await expect(page.getByRole('heading', { name: tr('en', 'hub:play.item', { number: '1', total: '5' }) })).toBeVisible();
});

test('a worker is sent from the practice round to the cabinet, and hides from the leaderboard', async ({ page }) => {
  const { hubWorker } = readAccounts();
  await signInTo(page, hubWorker, '/play-and-earn/profile');
  await waitForHydration(page);
  const hide = page.getByLabel(tr('en', 'hub:profile.optOut'));
  await expect(hide).not.toBeChecked();
  await hide.click();
  await expect(hide).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: tr('en', 'hub:profile.saved') })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(tr('en', 'hub:profile.optOut'))).toBeChecked();
  await gotoHydrated(page, '/play-and-earn/leaderboard?period=month');
  await expect(page.getByText(tr('en', 'hub:leaderboard.meHidden'))).toBeVisible();
  await page.goto('/play-and-earn/play');
  await expect(page).toHaveURL(/\/cabinet$/);
});

const PAGES = [
  '/play-and-earn',
  '/play-and-earn/leaderboard',
  '/play-and-earn/rewards',
  '/play-and-earn/play',
  '/play-and-earn/training',
  '/play-and-earn/faq',
  '/make-money-online',
  '/jobs',
  '/job',
  '/workers-software',
  '/workers-software/captcha-bot-rs',
  '/workers-software/rucaptcha-bot',
  '/data',
  '/data/bounding-box',
  '/data/dataset-annotation',
  '/data/image-annotation',
  '/data/satellite-imagery-data-annotator',
];

for (const width of [1280, 390]) {
  test(`hub and data-labelling pages in en, ru and zh fit ${width} px`, async ({ page }) => {
    // 57 page loads: about 0.5 s each on a quiet machine, more while the other journeys run.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    for (const lang of LANGS) {
      for (const path of PAGES) {
        const url = lang === 'en' ? path : `/${lang}${path}`;
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(200);
        await expect(page.locator('h1')).toHaveCount(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${url} scrolls sideways at ${width}`).toBe(true);
      }
    }
  });
}

test('the bot pages say plainly that the bots are not available', async ({ page }) => {
  for (const lang of LANGS) {
    await page.goto(lang === 'en' ? '/workers-software/rucaptcha-bot' : `/${lang}/workers-software/rucaptcha-bot`);
    await expect(page.getByText(tr(lang, 'hub:bots.notAvailable', { name: 'RuCaptcha Bot' }))).toBeVisible();
  }
});

test('the batch estimator multiplies the live price by images, classes and annotators', async ({ page }) => {
  await gotoHydrated(page, '/data/bounding-box');
  const perTask = await page.locator('table tbody tr').first().locator('td').nth(1).innerText();
  const price = Number(perTask.replace(/[^0-9.]/g, ''));
  await page.getByLabel(tr('en', 'labelling:estimator.images')).fill('10');
  await page.getByLabel(tr('en', 'labelling:estimator.classes')).fill('2');
  await page.getByLabel(tr('en', 'labelling:estimator.annotators')).fill('3');
  const total = page.getByRole('status').filter({ hasText: /tasks, about/ });
  await expect(total).toContainText('60 tasks');
  const shown = Number((await total.innerText()).split('about')[1]!.replace(/[^0-9.]/g, ''));
  expect(shown).toBeCloseTo(price * 60, 4);
});

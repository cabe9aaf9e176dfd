/**
 * The software catalogue in chromium (issue 16). A developer lists software on /software/add and
 * gets its soft_id at once; a customer's client sends a task through in.php with that soft_id, a
 * worker solves it in /cabinet, and the developer sees the task and the 10 % share on the
 * statistics page while the listing still waits. A moderator approves it: visitors find it by
 * search and by category. A customer's review waits for moderation, then appears. The owner's
 * edit of the published listing waits too, while visitors keep seeing the published text.
 * With SCREENSHOT_DIR set, the catalogue's pages are captured in en and ru at 1280 and 390 px.
 */
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatMoney, parseMoney } from '../../shared/money.ts';
import { formatUsd } from '../../web/lib/format.ts';
import { Cabinet } from '../compat/cabinet.ts';
import { idOf, inPhp } from '../customer/compat.ts';
import { solveOwn } from '../customer/solve-own.ts';
import { readAccounts } from '../support/accounts.ts';
import { exactly, gotoHydrated, signInTo, tr, type Lang } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { SOFTWARE_LANGUAGE } from '../support/seed-software.ts';

const s = (key: string, vars: Record<string, string> = {}, lang: Lang = 'en') => tr(lang, `software:${key}`, vars);
const shots = process.env.SCREENSHOT_DIR;

test.describe.configure({ mode: 'serial' });

async function context(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: INTL_ORIGIN, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  return ctx.newPage();
}

const stamp = Date.now().toString(36);
const name = `Quokka Solver ${stamp}`;
const slug = `quokka-solver-${stamp}`;
const summary = 'Sends captchas from a scraping bot and waits for the answers.';
let softId = 0;

test('developer lists software, earns 10 % through its soft_id, moderation publishes it, a review appears, an edit waits', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const accounts = readAccounts();

  // 1. The developer submits the listing and gets its soft_id at once.
  await signInTo(page, accounts.softwareDeveloper, '/software/add');
  await expect(page.getByRole('heading', { level: 1, name: s('add.title') })).toBeVisible();
  // The form checks before sending.
  await page.getByRole('button', { name: s('add.submit') }).click();
  await expect(page.getByText(s('form.errors.name'))).toBeVisible();
  await page.getByRole('textbox', { name: s('form.name'), exact: true }).fill(name);
  await page.getByRole('textbox', { name: s('form.summary'), exact: true }).fill(summary);
  await page.getByRole('textbox', { name: new RegExp(`^${s('form.description')}`) }).fill('## Usage\n\nRun `quokka --key KEY`.\n\n<script>alert(1)</script>');
  await page.getByRole('checkbox', { name: s('categories.bots-and-scrapers') }).check();
  await page.getByRole('checkbox', { name: s('platforms.python') }).check();
  await page.getByRole('checkbox', { name: tr('en', 'pricing:types.normal') }).check();
  await page.getByRole('textbox', { name: new RegExp(`^${s('form.repositoryUrl')}`) }).fill('https://example.com/quokka');
  await page.getByRole('button', { name: s('add.submit') }).click();
  const softIdText = page.getByTestId('soft-id');
  await expect(softIdText).toHaveText(/^\d+$/);
  softId = Number(await softIdText.textContent());

  // 2. A customer's client sends a task with that soft_id; 3. a worker solves it.
  const answer = await inPhp(accounts.softwareCustomer.apiKey, { soft_id: String(softId), lang: SOFTWARE_LANGUAGE });
  expect(answer).toMatch(/^OK\|\d+$/);
  const taskId = Number(idOf(answer));
  const workerPage = await context(browser);
  try {
    const worker = new Cabinet(workerPage);
    await worker.signIn(accounts.softwareWorker);
    const since = worker.mark();
    await worker.startWork();
    await solveOwn(worker, taskId, 'qk7Tz', since);
    await worker.stopWork();
  } finally {
    await workerPage.context().close();
  }

  // 4. The developer sees the task and the 10 % share on the statistics page (still pending).
  const customer = await context(browser);
  await signInTo(customer, accounts.softwareCustomer, '/statistics/uploads');
  const uploads = (await (await customer.request.get('/api/v2/customer/uploads')).json()) as { records: { id: number; price: string }[] };
  const price = parseMoney(uploads.records.find((u) => u.id === taskId)!.price);
  const share = Math.floor(price * 0.1);
  expect(share).toBeGreaterThan(0);
  await gotoHydrated(page, `/software/statistic/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: s('statistics.title', { name }) })).toBeVisible();
  // The public figures: one task, one customer.
  const figures = page.locator('.software-stats').first().locator('.stat__value');
  await expect(figures.nth(0)).toHaveText('1');
  await expect(figures.nth(2)).toHaveText('1');
  await expect(page.getByTestId('owner-revenue')).toHaveText(formatUsd(formatMoney(share), 'en'));
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.locator('.software-console tbody tr').first()).toContainText(today);
  // The soft_id's revenue is a ledger entry of the developer's account.
  const balance = (await (await page.request.get('/api/v2/user')).json()) as { balance: { amount: string } };
  expect(parseMoney(balance.balance.amount)).toBeGreaterThanOrEqual(share);

  // Not in the catalogue yet.
  const visitor = await (await browser.newContext({ baseURL: INTL_ORIGIN })).newPage();
  expect((await visitor.goto(`/software/${slug}`))!.status()).toBe(404);

  // 5. A moderator approves it; visitors find it by search and by category.
  const moderator = await context(browser);
  await signInTo(moderator, accounts.softwareModerator, '/software/moderation');
  const item = moderator.getByTestId(`moderation-${slug}`);
  await expect(item).toContainText(summary);
  await expect(item.locator('.software-description')).not.toContainText('alert');
  await item.getByRole('button', { name: exactly(s('moderation.approve')) }).click();
  await expect(item).toHaveCount(0);

  await gotoHydrated(visitor, '/software');
  // Later pages append; page 0 (a new sorting) replaces the list (spec §4).
  const cards = visitor.locator('.software-card');
  await expect(cards).toHaveCount(12);
  await visitor.getByRole('button', { name: s('list.loadMore') }).click();
  await expect(cards).not.toHaveCount(12);
  const all = await cards.count();
  expect(all).toBeGreaterThan(12);
  await expect(visitor.getByText(s('list.shown', { shown: String(all), total: String(all) }))).toBeVisible();
  await visitor.getByRole('combobox', { name: s('list.sortLabel') }).selectOption('new');
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toHaveAttribute('data-testid', `software-${slug}`);
  await visitor.getByRole('searchbox', { name: s('list.searchLabel') }).fill('Quokka');
  await visitor.getByRole('button', { name: exactly(s('list.searchSubmit')) }).click();
  await expect(visitor.getByTestId(`software-${slug}`)).toBeVisible();
  // Category filters: the wrong category hides it, the right one shows it.
  await visitor.getByRole('button', { name: new RegExp(`^${s('categories.desktop-apps')}`) }).click();
  await expect(visitor.getByTestId(`software-${slug}`)).toHaveCount(0);
  await visitor.getByRole('button', { name: new RegExp(`^${s('categories.desktop-apps')}`) }).click();
  await visitor.getByRole('button', { name: new RegExp(`^${s('categories.bots-and-scrapers')}`) }).click();
  await expect(visitor.getByTestId(`software-${slug}`)).toBeVisible();
  await expect(visitor).toHaveURL(/categories=bots-and-scrapers/);
  await visitor.getByTestId(`software-${slug}`).getByRole('link', { name }).click();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.locator('.software-description code')).toHaveText('quokka --key KEY');

  // 6. The customer's review waits for moderation, then appears.
  const reviewText = `Set up in five minutes, solves reliably (${stamp}).`;
  await gotoHydrated(customer, `/software/${slug}`);
  await customer.getByRole('radio', { name: s('rating.stars_other', { rating: '4' }) }).check();
  await customer.getByRole('textbox', { name: s('reviews.form.text') }).fill(reviewText);
  await customer.getByRole('button', { name: s('reviews.form.submit') }).click();
  await expect(customer.getByText(s('reviews.mine.pending'))).toBeVisible();
  await expect(customer.locator('.software-reviews')).toHaveCount(0);

  await gotoHydrated(moderator, '/software/moderation/reviews');
  const review = moderator.locator('.software-mod-item', { hasText: reviewText });
  // The reviewer's history: masked name, one review, one task through this software.
  await expect(review).toContainText('so***');
  await expect(review).toContainText(/1 tasks through this software/);
  await review.getByRole('button', { name: exactly(s('moderation.approve')) }).click();
  await expect(review).toHaveCount(0);

  await gotoHydrated(customer, `/software/${slug}`);
  await expect(customer.locator('.software-reviews')).toContainText(reviewText);
  await expect(customer.getByText(s('reviews.mine.published'))).toBeVisible();

  // 7. The owner's edit waits for moderation; visitors still see the published text.
  await gotoHydrated(page, `/software/${slug}/edit`);
  await page.getByRole('textbox', { name: s('form.summary'), exact: true }).fill('A new summary that a moderator has not approved yet.');
  await page.getByRole('button', { name: s('edit.submit') }).click();
  await expect(page.getByText(s('edit.savedPending'))).toBeVisible();
  await gotoHydrated(customer, `/software/${slug}`);
  await expect(customer.getByText(summary, { exact: true })).toBeVisible();
  await expect(customer.getByText('A new summary that a moderator has not approved yet.')).toHaveCount(0);
  await gotoHydrated(moderator, '/software/moderation');
  await expect(moderator.getByTestId(`moderation-${slug}`)).toContainText(s('moderation.editWaiting'));

  await Promise.all([customer.context().close(), moderator.context().close(), visitor.context().close()]);
});

test('pages in en and ru at 1280 and 390 px fit the screen', async ({ browser }) => {
  test.setTimeout(180_000);
  const accounts = readAccounts();
  const developer = await context(browser);
  await signInTo(developer, accounts.softwareDeveloper, '/software/add');
  const moderator = await context(browser);
  await signInTo(moderator, accounts.softwareModerator, '/software/moderation');
  const visitor = await (await browser.newContext({ baseURL: INTL_ORIGIN })).newPage();
  const pages: [string, Page, string][] = [
    ['list', visitor, '/software'],
    ['softlist', visitor, '/software/softlist'],
    ['detail', visitor, '/software/2captcha-python'],
    ['own-detail', developer, `/software/${slug}`],
    ['statistic', developer, `/software/statistic/${slug}`],
    ['add', developer, '/software/add'],
    ['edit', developer, `/software/${slug}/edit`],
    ['moderation', moderator, '/software/moderation'],
    ['moderation-reviews', moderator, '/software/moderation/reviews'],
  ];
  for (const [label, page, url] of pages) {
    for (const lang of ['en', 'ru'] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, lang === 'ru' ? `/ru${url}` : url);
        await expect(page.locator('h1')).toBeVisible();
        // Nothing wider than the screen (a horizontal scrollbar on a phone).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${label} ${lang} ${width}px`).toBeLessThanOrEqual(0);
        if (shots) await page.screenshot({ path: path.join(shots, `software-${label}-${lang}-${width}.png`), fullPage: true });
      }
    }
  }
  await Promise.all([developer.context().close(), moderator.context().close(), visitor.context().close()]);
});

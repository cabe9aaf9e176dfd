/**
 * The customer's logs and statistics in chromium: a customer with tasks in several states
 * (seed-logs.ts) sees each of them on the page it belongs to, and never a verification re-solve;
 * then "report incorrect" on /statistics/uploads for a live task: the report waits for a trusted
 * worker's re-solve in /cabinet (a second and third browser context), is upheld because the
 * answers differ, and the price comes back to the balance, all without reloading the page.
 */
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { readAccounts, type E2eAccount } from '../support/accounts.ts';
import { gotoHydrated, tr } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { LOGS_LANGUAGE, readSeededLogs, SEEDED_API_ERRORS, SEEDED_PINGBACK_URL, type SeededLogs } from '../support/seed-logs.ts';
import { formatMoney, parseMoney } from '../../shared/money.ts';
import { idOf, inPhp } from './compat.ts';
import { solveOwn } from './solve-own.ts';
import { textPicture } from '../compat/png.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const c = (key: string, vars: Record<string, string> = {}) => tr('en', `customer:${key}`, vars);

let seeded: SeededLogs;
const contexts: BrowserContext[] = [];

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: INTL_ORIGIN, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function balanceOf(page: Page): Promise<number> {
  const res = await page.request.get('/api/v2/user');
  expect(res.status()).toBe(200);
  return parseMoney(((await res.json()) as { balance: { amount: string } }).balance.amount);
}

async function signIn(page: Page, account: E2eAccount): Promise<Cabinet> {
  const cabinet = new Cabinet(page);
  await cabinet.signIn(account);
  return cabinet;
}

test.beforeAll(() => {
  seeded = readSeededLogs();
});
test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('each log shows the customer’s own tasks in their states, never a verification re-solve', async ({ page, browser }) => {
  const accounts = readAccounts();
  await signIn(page, accounts.logsCustomer);

  await gotoHydrated(page, '/setting/impossible_captchas');
  await expect(page).toHaveTitle(c('meta.title', { page: c('nav.items.impossible') }));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c('nav.items.impossible'));
  const unsolvable = page.getByTestId(`impossible-${seeded.unsolvable}`);
  await expect(unsolvable).toContainText(c('logs.impossible.reason.attempts', { attempts: '3', max: '3' }));
  await expect(unsolvable).toContainText('ERROR_CAPTCHA_UNSOLVABLE');
  await expect(unsolvable).toContainText('$0.0005');
  await expect(page.getByTestId(`impossible-${seeded.flagged}`)).toBeVisible();
  await expect(page.locator('[data-testid^="impossible-"]')).toHaveCount(2);
  // The picture comes from the owner-only route and really loads.
  const image = unsolvable.getByRole('img', { name: c('logs.imageAlt', { id: String(seeded.unsolvable) }) });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);

  await gotoHydrated(page, '/setting/errors');
  const errors = page.locator('[data-testid^="api-error-"]');
  await expect(errors).toHaveCount(2);
  // Newest first.
  for (const [i, e] of [...SEEDED_API_ERRORS].reverse().entries()) {
    await expect(errors.nth(i)).toContainText(e.code);
    await expect(errors.nth(i)).toContainText(e.ip);
    await expect(errors.nth(i)).toContainText(e.summary);
  }

  await gotoHydrated(page, '/setting/complaints');
  await expect(page.locator('[data-testid^="complaint-"]')).toHaveCount(2);
  const upheld = page.getByTestId(`complaint-${seeded.upheld}`);
  await expect(upheld).toContainText(c('logs.outcome.upheld'));
  await expect(upheld).toContainText('WR0NG');
  await expect(upheld).toContainText('$0.0005');
  const rejected = page.getByTestId(`complaint-${seeded.rejected}`);
  await expect(rejected).toContainText(c('logs.outcome.rejected'));
  await expect(rejected).toContainText('R1GHT');
  await expect(page.getByText('V3R1F')).toHaveCount(0);

  await gotoHydrated(page, '/setting/pingback_log');
  const deliveries = page.locator('[data-testid^="pingback-"]');
  await expect(deliveries).toHaveCount(2);
  await expect(deliveries.filter({ hasText: SEEDED_PINGBACK_URL.delivered })).toContainText(c('logs.pingbacks.status.delivered'));
  const failed = deliveries.filter({ hasText: SEEDED_PINGBACK_URL.failed });
  await expect(failed).toContainText(c('logs.pingbacks.status.failed'));
  await expect(failed).toContainText('HTTP 503');
  await expect(failed).toContainText(c('logs.pingbacks.attemptsOf', { attempts: '8', max: '8' }));

  await gotoHydrated(page, '/statistics/uploads');
  const consensus = page.getByTestId(`upload-${seeded.consensus}`);
  await expect(consensus).toContainText('AGR33');
  await expect(consensus.getByRole('button', { name: c('uploads.report') })).toBeDisabled();
  await expect(consensus).toContainText(c('uploads.refusal.consensus'));
  await expect(page.getByTestId(`upload-${seeded.upheld}`)).toContainText(c('logs.outcome.upheld'));
  await expect(page.getByTestId(`upload-${seeded.unsolvable}`)).toContainText(c('logs.state.unsolvable'));
  await expect(page.getByTestId(`upload-${seeded.verification}`)).toHaveCount(0);

  await gotoHydrated(page, '/statistics/graph_captures');
  // Seven seeded tasks of the normal type (the re-solve is not the customer's), two unsolvable.
  const totals = page.getByTestId('graph-total-normal');
  await expect(totals).toContainText(c('types.normal'));
  await expect(totals.locator('td').nth(0)).toHaveText('7');
  await expect(totals.locator('td').nth(2)).toHaveText('2');
  await expect(page.getByRole('figure', { name: c('graphs.charts.volume') })).toBeVisible();

  // "Not a captcha": removing a flagged image takes it off the list for good.
  await gotoHydrated(page, '/setting/not_captcha');
  const flagged = page.getByTestId(`not-captcha-${seeded.flagged}`);
  await expect(flagged).toContainText('2');
  await expect(page.locator('[data-testid^="not-captcha-"]')).toHaveCount(1);
  await flagged.getByRole('button', { name: c('logs.notCaptcha.removeLabel', { id: String(seeded.flagged) }) }).click();
  await expect(page.getByRole('status').filter({ hasText: c('logs.notCaptcha.removed', { id: String(seeded.flagged) }) })).toBeVisible();
  await expect(flagged).toHaveCount(0);
  await gotoHydrated(page, '/setting/not_captcha');
  await expect(page.getByRole('heading', { name: c('logs.notCaptcha.emptyTitle') })).toBeVisible();

  // The images are the owner's only: another customer gets "not found", a visitor "sign in".
  expect((await page.request.get(`/api/v2/customer/tasks/${seeded.unsolvable}/image`)).headers()['content-type']).toBe('image/png');
  const other = await newPage(browser);
  await signIn(other, accounts.logsOtherCustomer);
  expect((await other.request.get(`/api/v2/customer/tasks/${seeded.unsolvable}/image`)).status()).toBe(404);
  await gotoHydrated(other, '/setting/impossible_captchas');
  await expect(other.getByRole('heading', { name: c('logs.impossible.emptyTitle') })).toBeVisible();
});

test('"report incorrect" on /statistics/uploads: a trusted re-solve upholds it and the price comes back', async ({ page, browser }) => {
  const accounts = readAccounts();
  const customer = accounts.logsCustomer;
  await signIn(page, customer);
  const worker = await signIn(await newPage(browser), accounts.logsWorker);
  const judge = await signIn(await newPage(browser), accounts.logsJudge);

  // A live task, solved wrongly by the worker.
  // Look from before "start": a task queued by a spec running alongside (no language, so any
  // worker's) may be offered at once; solveOwn skips it back to the queue.
  const offered = worker.mark();
  await worker.startWork();
  const workerBefore = await worker.balance();
  // A picture of its own, so the re-solve below is recognised by it.
  const id = Number(idOf(await inPhp(customer.apiKey, { lang: LOGS_LANGUAGE, body: textPicture(200, 70, 23).toString('base64') })));
  expect(id).toBeGreaterThan(0);
  const solved = await solveOwn(worker, id, 'WR0NG7', offered);
  await worker.stopWork();
  // The live price: the floor ($0.50 per 1000) on an idle market, more while other specs keep tasks queued.
  const uploads = (await (await page.request.get('/api/v2/customer/uploads')).json()) as { records: { id: number; price: string }[] };
  const price = parseMoney(uploads.records.find((u) => u.id === id)!.price);
  expect(price).toBeGreaterThanOrEqual(500);
  const shown = `$${formatMoney(price)}`;
  expect(parseMoney(solved.accepted.reward)).toBe(Math.floor(price * 0.6));

  await gotoHydrated(page, '/statistics/uploads');
  await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
  const row = page.getByTestId(`upload-${id}`);
  await expect(row).toContainText('WR0NG7');
  await expect(row).toContainText(shown);
  await expect(row).toContainText(c('logs.state.solved'));
  const before = await balanceOf(page);

  await row.getByRole('button', { name: c('uploads.report') }).click();
  const outcome = page.getByTestId(`report-outcome-${id}`);
  await expect(outcome).toContainText(c('logs.outcome.pending'));
  await expect(page.getByRole('status').filter({ hasText: c('uploads.reportedPending', { id: String(id) }) })).toBeVisible();
  // Pending: nothing refunded yet, and the worker's share is held.
  expect(await balanceOf(page)).toBe(before);
  expect(await worker.balance()).toBe(workerBefore);

  // The trusted judge re-solves the same image and reads it differently.
  const judging = judge.mark();
  await judge.startWork();
  // The re-solve is a new task showing the reported picture (other specs' tasks may come first).
  const reSolve = await solveOwn(judge, (offer) => offer.id > id && offer.media === solved.offer.media, 'R1GHT7', judging);
  await judge.stopWork();
  expect(reSolve.offer.type).toBe('normal');

  // Upheld: shown on the row without a reload, the price back on the balance, the share stays held.
  await expect(outcome).toContainText(c('logs.outcome.upheld'));
  await expect(outcome).toContainText(`${c('uploads.refunded')} ${shown}`);
  expect(await balanceOf(page)).toBe(before + price);
  expect(await worker.balance()).toBe(workerBefore);
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);

  await gotoHydrated(page, '/setting/complaints');
  const complaint = page.getByTestId(`complaint-${id}`);
  await expect(complaint).toContainText(c('logs.outcome.upheld'));
  await expect(complaint).toContainText('WR0NG7');
  await expect(complaint).toContainText(shown);
});

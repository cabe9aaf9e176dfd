/**
 * The affiliate programme in chromium. Two visitors follow the referrer's link (`?from=<id>` with
 * source=blog and source=forum) and register in the form: one becomes a worker (passes the
 * training) and solves, the other tops up through the sandbox and spends on two captchas the
 * worker solves. The referrer's /partner pages show both sign-ups, their sources and commissions of
 * exactly 10% of the worker's rewards and 10% (the configured share) of the customer's spend; when
 * the customer reports one answer and a trusted re-solve upholds it, the refund takes that
 * captcha's commissions back.
 */
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Cabinet, openHydrated } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { textPicture } from '../compat/png.ts';
import { passTrainingExam } from '../compat/training.ts';
import { idOf, inPhp } from '../customer/compat.ts';
import { solveOwn } from '../customer/solve-own.ts';
import { confirmationMail, PASSWORD, uniqueEmail } from '../accounts/flows.ts';
import { readAccounts } from '../support/accounts.ts';
import { exactly, gotoHydrated, tr, waitForCookie } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { REFERRAL_LANGUAGE } from '../support/seed-payouts.ts';
import { formatMoney, parseMoney } from '../../shared/money.ts';
import { sandboxTopUp } from './top-up.ts';

const p = (key: string, vars: Record<string, string> = {}) => tr('en', `partner:${key}`, vars);
const c = (key: string, vars: Record<string, string> = {}) => tr('en', `customer:${key}`, vars);
const share = (micros: number) => Math.floor((micros * 1000) / 10_000); // 10%, rounded down to the micro-dollar

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: INTL_ORIGIN, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
}

/** Follows the referral link, then registers in the form and opens the mailed confirmation link (signed in). */
async function referredSignUp(page: Page, referrerId: number, source: string, userType: 'worker' | 'customer'): Promise<string> {
  await gotoHydrated(page, `/?from=${referrerId}&source=${source}`);
  await waitForCookie(page.context(), 'reg_referrer', String(referrerId));
  const email = uniqueEmail(`ref-${source}`);
  await gotoHydrated(page, `/auth/register?userType=${userType}`);
  await page.getByLabel(tr('en', 'auth:fields.email.label'), { exact: true }).fill(email);
  await page.getByLabel(tr('en', 'auth:fields.password.label'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: exactly(tr('en', 'auth:register.submit')) }).click();
  const { link } = await confirmationMail(email);
  await page.goto(link.href);
  await page.waitForURL((url) => !url.pathname.includes('/auth/'), { timeout: 30_000 });
  return email;
}

async function csrf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(INTL_ORIGIN)).find((k) => k.name === 'csrf_token');
  return decodeURIComponent(cookie!.value);
}

test('referred sign-ups earn the referrer exactly 10% of work and of spend, by source, and a refund takes it back', async ({ browser }) => {
  test.setTimeout(300_000);
  const accounts = readAccounts();
  const referrer = accounts.partnerReferrer;
  const contexts: BrowserContext[] = [];
  const open = async () => {
    const context = await newContext(browser);
    contexts.push(context);
    return context.newPage();
  };
  try {
    // Visitor 1 (source=blog) becomes a worker: registers, passes the training, reads only this spec's language.
    const workerPage = await open();
    await referredSignUp(workerPage, referrer.id, 'blog', 'worker');
    await passTrainingExam(workerPage);
    const langs = await workerPage.request.put('/api/v2/worker/languages', { data: { languages: [REFERRAL_LANGUAGE] }, headers: { 'x-csrf-token': await csrf(workerPage.context()) } });
    expect(langs.ok(), await langs.text()).toBe(true);
    const worker = new Cabinet(workerPage);

    // Visitor 2 (source=forum) becomes a customer, tops up and sends two captchas.
    const customerPage = await open();
    await referredSignUp(customerPage, referrer.id, 'forum', 'customer');
    await sandboxTopUp(customerPage, '5');
    const apiKey = ((await (await customerPage.request.get('/api/v2/profile')).json()) as { apiKey: string }).apiKey;
    const pictures = [textPicture(200, 70, 41), textPicture(200, 70, 42)];

    // The referred worker solves both in one session (a task given back is never offered to them
    // again); each is sent after a mark, so its offer is the next one on the worker's screen.
    const ids: number[] = [];
    const rewards: number[] = [];
    const media: string[] = [];
    await worker.startWork();
    for (const [i, png] of pictures.entries()) {
      const since = worker.mark();
      const id = Number(idOf(await inPhp(apiKey, { lang: REFERRAL_LANGUAGE, body: png.toString('base64') })));
      expect(id).toBeGreaterThan(0);
      const solved = await solveOwn(worker, id, i === 0 ? 'GOOD42' : 'WR0NG9', since);
      ids.push(id);
      rewards.push(parseMoney(solved.accepted.reward));
      media.push(solved.offer.media ?? '');
    }
    await worker.stopWork();
    const uploads = (await (await customerPage.request.get('/api/v2/customer/uploads')).json()) as { records: { id: number; price: string }[] };
    const prices = ids.map((id) => parseMoney(uploads.records.find((u) => u.id === id)!.price));
    expect(prices.every((x) => x >= 500)).toBe(true);

    // The referrer's dashboard: two sign-ups, commissions of exactly 10% of both rewards and both charges.
    const referrerPage = await open();
    await new Cabinet(referrerPage).signIn(referrer);
    const fullWorker = share(rewards[0]!) + share(rewards[1]!);
    const fullCustomer = share(prices[0]!) + share(prices[1]!);
    await openHydrated(referrerPage, '/partner');
    await expect(referrerPage.getByTestId('affiliate-signups')).toHaveText('2');
    await expect(referrerPage.getByTestId('affiliate-earned')).toHaveText(`$${formatMoney(fullWorker + fullCustomer)}`);
    await expect(referrerPage.getByText(p('dashboard.earnedSplit', { workers: formatMoney(fullWorker), customers: formatMoney(fullCustomer) }))).toBeVisible();
    await expect(referrerPage.getByText(p('dashboard.terms', { worker: '10', customer: '10', months: '12' }))).toBeVisible();

    // The referred customer reports the second answer; a trusted judge reads the image differently: upheld, refunded.
    await gotoHydrated(customerPage, '/statistics/uploads');
    const row = customerPage.getByTestId(`upload-${ids[1]}`);
    await row.getByRole('button', { name: c('uploads.report') }).click();
    const outcome = customerPage.getByTestId(`report-outcome-${ids[1]}`);
    await expect(outcome).toContainText(c('logs.outcome.pending'));
    const judgePage = await open();
    const judge = new Cabinet(judgePage);
    await judge.signIn(accounts.partnerJudge);
    const judging = judge.mark();
    await judge.startWork();
    await solveOwn(judge, (offer) => offer.id > ids[1]! && offer.media === media[1], 'R1GHT7', judging);
    await judge.stopWork();
    await expect(outcome).toContainText(c('logs.outcome.upheld'));

    // The refund took the second captcha's commissions back (and the held reward's); the first stays.
    const keptWorker = share(rewards[0]!);
    const keptCustomer = share(prices[0]!);
    await openHydrated(referrerPage, '/partner');
    await expect(referrerPage.getByTestId('affiliate-earned')).toHaveText(`$${formatMoney(keptWorker + keptCustomer)}`);
    await openHydrated(referrerPage, '/partner/invited-referrals-sources');
    await expect(referrerPage.getByTestId('source-blog')).toContainText(`$${formatMoney(keptWorker)}`);
    await expect(referrerPage.getByTestId('source-forum')).toContainText(`$${formatMoney(keptCustomer)}`);
    for (const source of ['blog', 'forum']) {
      const cells = referrerPage.getByTestId(`source-${source}`).locator('td');
      await expect(cells.nth(1)).toHaveText('1'); // one click
      await expect(cells.nth(2)).toHaveText('1'); // one sign-up
    }
    await openHydrated(referrerPage, '/partner/invited-referrals');
    const invited = referrerPage.getByTestId('invited-referrals');
    await expect(invited.locator('tbody tr')).toHaveCount(2);
    await expect(invited).toContainText(p('referrals.types.worker'));
    await expect(invited).toContainText(p('referrals.types.customer'));
    // Withdrawable like earnings: the commission is on the referrer's payout page.
    await openHydrated(referrerPage, '/partner/payment');
    await expect(referrerPage.getByTestId('withdrawable')).toHaveText(`$${formatMoney(keptWorker + keptCustomer)}`);
  } finally {
    for (const context of contexts) await context.close();
  }
});

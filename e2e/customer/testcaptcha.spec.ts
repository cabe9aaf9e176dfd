/**
 * /testcaptcha in chromium: the customer uploads a picture and sends it as a real task; a worker
 * signed in to /cabinet in a second browser context solves it; the answer appears on the
 * customer's page without a reload (over /ws), and the price left the balance.
 */
import { test } from '@playwright/test';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { textPicture } from '../compat/png.ts';
import { readAccounts } from '../support/accounts.ts';
import { gotoHydrated, tr } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { TESTCAPTCHA_LANGUAGE } from '../support/seed-logs.ts';
import { parseMoney } from '../../shared/money.ts';
import { solveOwn } from './solve-own.ts';

const c = (key: string, vars: Record<string, string> = {}) => tr('en', `customer:${key}`, vars);

test('a test captcha round-trips: sent on /testcaptcha, solved in /cabinet, answered live', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const accounts = readAccounts();
  const customer = new Cabinet(page);
  await customer.signIn(accounts.testCustomer);
  const workerContext = await browser.newContext({ baseURL: INTL_ORIGIN, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  try {
    const worker = new Cabinet(await workerContext.newPage());
    await worker.signIn(accounts.testWorker);

    await gotoHydrated(page, '/testcaptcha');
    await expect(page).toHaveTitle(c('meta.title', { page: c('nav.items.testcaptcha') }));
    await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
    const balance = async () => parseMoney(((await (await page.request.get('/api/v2/user')).json()) as { balance: { amount: string } }).balance.amount);
    const before = await balance();

    // Sending without a picture is stopped in the form.
    await page.getByRole('button', { name: c('test.submit') }).click();
    await expect(page.getByText(c('test.errors.imageRequired'))).toBeVisible();

    const picture = textPicture(180, 60, 5);
    await page.getByLabel(c('test.image.file')).setInputFiles({ name: 'captcha.png', mimeType: 'image/png', buffer: picture });
    await expect(page.getByRole('img', { name: c('test.previewAlt') })).toBeVisible();
    await page.getByLabel(c('test.image.caseSensitive')).check();
    await page.getByLabel(c('test.image.language')).selectOption(TESTCAPTCHA_LANGUAGE);
    await page.getByRole('button', { name: c('test.submit') }).click();

    const title = page.getByRole('heading', { name: /^Task \d+$/ });
    await expect(title).toBeVisible();
    const id = Number((await title.textContent())!.replace(/\D/g, ''));
    const result = page.getByTestId('test-result');
    await expect(result).toContainText(c('test.result.waiting'));
    await expect(page.getByText(c('test.live.live'), { exact: true })).toBeVisible();
    // Charged the live price (the floor, $0.50 per 1000, or more while other tests keep workers busy).
    const uploads = (await (await page.request.get('/api/v2/customer/uploads')).json()) as { records: { id: number; price: string }[] };
    const charged = parseMoney(uploads.records.find((u) => u.id === id)!.price);
    expect(charged).toBeGreaterThanOrEqual(500);
    expect(await balance()).toBe(before - charged);

    // The queued task is offered as soon as the worker starts.
    const since = worker.mark();
    await worker.startWork();
    const { offer } = await solveOwn(worker, id, 'Hq7Kp', since);
    await worker.stopWork();
    expect(offer.media, 'the worker sees the uploaded picture').toBe(`data:image/png;base64,${picture.toString('base64')}`);
    expect(offer.params).toMatchObject({ caseSensitive: true });

    await expect(result).toContainText('Hq7Kp');
    await expect(page.getByText(c('logs.state.solved'), { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);

    // It is an upload like any other.
    await page.getByRole('link', { name: c('test.result.toUploads') }).click();
    await expect(page.getByTestId(`upload-${id}`)).toContainText('Hq7Kp');
  } finally {
    await workerContext.close();
  }
});

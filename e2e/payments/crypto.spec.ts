/**
 * A crypto top-up in chromium, on the offline chain simulator the e2e server runs with: /addbalance
 * lists the configured coins; choosing Bitcoin opens an invoice with its own bc1q address, the
 * exact BTC amount at the locked rate, a QR code and a countdown; the simulator plays the wallet
 * and the miners; the credit arrives after 2 confirmations, shows on the invoice, and a dashboard
 * open in another tab shows the new balance without a reload (the /ws balance event); the payment
 * history lists it. The coin pages answer in Chinese too.
 */
import { test } from '@playwright/test';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { readAccounts } from '../support/accounts.ts';
import { gotoHydrated, tr } from '../support/app.ts';

const p = (key: string, vars: Record<string, string> = {}) => tr('en', `payments:${key}`, vars);
const c = (key: string, vars: Record<string, string> = {}) => tr('en', `crypto:${key}`, vars);
const escape = (s: string) => s.replace(/[()[\]{}.*+?^$|\\]/g, '\\$&');

test('a customer tops up in BTC: invoice, payment seen, confirmations, credit live on another open page', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const customer = readAccounts().cryptoCustomer;
  await new Cabinet(page).signIn(customer);

  // Another tab on the dashboard stays open the whole time.
  const dashboard = await context.newPage();
  await gotoHydrated(dashboard, '/enterpage');
  await expect(dashboard.getByTestId('header-balance')).toHaveText('$1.00');

  await gotoHydrated(page, '/addbalance');
  for (const coin of ['btc', 'bch', 'usdt_trc20'])
    {await expect(page.getByRole('radio', { name: new RegExp(escape(p(`providers.${coin}.name`))) })).toBeVisible();}
  await page.getByRole('button', { name: '$25', exact: true }).click();
  await page.getByRole('radio', { name: new RegExp(escape(p('providers.btc.name'))) }).check();
  await page.getByRole('button', { name: p('form.pay') }).click();

  // The invoice: $25 at $50,000 per BTC.
  await page.waitForURL(/\/pay\/cryptocurrency-btc-BTC\?invoice=\d+$/);
  await expect(page.getByTestId('invoice-amount')).toHaveText('0.00050000 BTC');
  await expect(page.getByTestId('invoice-address')).toHaveText(/^bc1q[02-9ac-hj-np-z]{38}$/);
  await expect(page.locator('.crypto-invoice__qr svg')).toBeVisible();
  await expect(page.getByTestId('invoice-countdown')).toHaveText(/^(30:00|29:\d\d)$/);
  await expect(page.getByTestId('invoice-status')).toHaveText(c('status.open'));
  await expect(page.getByTestId('deposits-empty')).toBeVisible();

  // The wallet pays; the network sees it (mempool), then confirms it block by block.
  await page.getByRole('button', { name: c('simulator.payAll') }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(c('status.confirming'));
  await expect(page.getByRole('cell', { name: '0 / 2' })).toBeVisible();
  await page.getByRole('button', { name: c('simulator.mine') }).click();
  await expect(page.getByRole('cell', { name: '1 / 2' })).toBeVisible();
  await expect(dashboard.getByTestId('header-balance')).toHaveText('$1.00');
  await page.getByRole('button', { name: c('simulator.mine') }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText(c('status.paid'));
  await expect(page.getByTestId('invoice-message')).toContainText(c('message.paid.text', { credited: '25.00' }));

  // Both pages show the new balance; the dashboard was never reloaded.
  await expect(page.getByTestId('header-balance')).toHaveText('$26.00');
  await expect(dashboard.getByTestId('header-balance')).toHaveText('$26.00', { timeout: 10_000 });

  // The history lists it, linking back to the invoice.
  await gotoHydrated(page, '/pay/history_payment');
  const row = page.getByRole('row', { name: new RegExp(escape(p('providers.btc.name'))) }).first();
  await expect(row).toContainText(p('status.succeeded'));
  await expect(row).toContainText('$25.00');

  // The coin pages themselves, here in Chinese: a top-up form for that coin only.
  await gotoHydrated(page, '/zh/pay/cryptocurrency-tron-USDT');
  await expect(
    page.getByRole('heading', { level: 1, name: tr('zh', 'crypto:page.title', { symbol: 'USDT' }) }),
  ).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(1);

  // Every method has its own page, /pay/{shortname}; one not configured is not a page.
  await gotoHydrated(page, '/pay/sandbox');
  await expect(
    page.getByRole('heading', { level: 1, name: p('form.titleWith', { method: p('providers.sandbox.name') }) }),
  ).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(1);
  expect((await page.goto('/pay/paypal'))?.status()).toBe(404);
});

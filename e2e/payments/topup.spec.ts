/**
 * Money in through the sandbox provider, as a customer does it in chromium: /addbalance, the
 * provider's hosted checkout, back to /pay/ok where the credit appears without a reload (the page
 * waits for the webhook), the dashboard's balance, /pay/history_payment; and a declined payment that
 * lands on /pay/error and moves nothing.
 */
import { test } from '@playwright/test';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { readAccounts } from '../support/accounts.ts';
import { gotoHydrated, tr } from '../support/app.ts';

const p = (key: string, vars: Record<string, string> = {}) => tr('en', `payments:${key}`, vars);

test('a customer tops up through the sandbox checkout, and a declined payment moves nothing', async ({ page }) => {
  test.setTimeout(90_000);
  const customer = readAccounts().payCustomer;
  await new Cabinet(page).signIn(customer);

  // The dashboard's "Top up" leads to the form.
  await gotoHydrated(page, '/enterpage');
  await expect(page.getByTestId('dashboard-balance')).toHaveText('$1.00');
  await gotoHydrated(page, '/addbalance');
  await expect(page.getByRole('heading', { level: 1, name: p('form.title') })).toBeVisible();

  // A custom amount below the minimum is caught before anything is sent.
  const amount = page.getByLabel(p('form.amount.label'));
  await amount.fill('0.5');
  await page.getByRole('button', { name: p('form.pay') }).click();
  await expect(page.getByText(p('form.amount.problems.min', { min: '1' }))).toBeVisible();
  await expect(page).toHaveURL(/\/addbalance$/);

  await page.getByRole('button', { name: '$25', exact: true }).click();
  await expect(page.getByTestId('topup-total')).toHaveText('$25.00');
  await page.getByRole('radio', { name: new RegExp(p('providers.sandbox.name').replace(/[()]/g, '\\$&')) }).check();
  await page.getByRole('button', { name: p('form.pay') }).click();

  // The provider's hosted checkout.
  await page.waitForURL(/\/pay\/sandbox\/checkout\/sbx_[0-9a-f]{24}$/);
  await expect(page.getByTestId('sandbox-amount')).toContainText('$25.00');
  await page.getByRole('button', { name: p('sandbox.approve') }).click();

  // Back on the product: the credit shows once the webhook has arrived, without a reload.
  await page.waitForURL(/\/pay\/ok\?payment=\d+$/);
  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  await expect(page.getByRole('status')).toContainText(p('result.succeeded.text', { amount: '25.00', id: paymentId }), { timeout: 15_000 });
  // The header's balance follows without a reload.
  await expect(page.getByTestId('header-balance')).toHaveText('$26.00');
  await gotoHydrated(page, '/enterpage');
  await expect(page.getByTestId('dashboard-balance')).toHaveText('$26.00');

  // A declined payment: the error page, and the balance stays.
  await gotoHydrated(page, '/addbalance');
  await page.getByLabel(p('form.amount.label')).fill('10');
  await page.getByRole('button', { name: p('form.pay') }).click();
  await page.waitForURL(/\/pay\/sandbox\/checkout\//);
  await page.getByRole('button', { name: p('sandbox.decline') }).click();
  await page.waitForURL(/\/pay\/error\?payment=\d+$/);
  await expect(page.getByRole('status')).toContainText(p('result.failed.text'), { timeout: 15_000 });

  // History lists both, newest first.
  await gotoHydrated(page, '/pay/history_payment');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(p('status.failed'));
  await expect(rows.nth(0)).toContainText('$10.00');
  await expect(rows.nth(1)).toContainText(p('status.succeeded'));
  await expect(rows.nth(1)).toContainText(`#${paymentId}`);
  await gotoHydrated(page, '/enterpage');
  await expect(page.getByTestId('dashboard-balance')).toHaveText('$26.00');
});

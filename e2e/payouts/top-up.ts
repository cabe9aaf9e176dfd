/** A real deposit through the sandbox provider's hosted checkout (as e2e/payments/topup.spec.ts walks it). */
import type { Page } from '@playwright/test';
import { expect } from '../compat/expect.ts';
import { gotoHydrated, tr } from '../support/app.ts';

const pay = (key: string, vars: Record<string, string> = {}) => tr('en', `payments:${key}`, vars);

export async function sandboxTopUp(page: Page, amount: string): Promise<void> {
  await gotoHydrated(page, '/addbalance');
  await page.getByLabel(pay('form.amount.label')).fill(amount);
  await page.getByRole('radio', { name: new RegExp(pay('providers.sandbox.name').replace(/[()]/g, '\\$&')) }).check();
  await page.getByRole('button', { name: pay('form.pay') }).click();
  await page.waitForURL(/\/pay\/sandbox\/checkout\/sbx_[0-9a-f]{24}$/);
  await page.getByRole('button', { name: pay('sandbox.approve') }).click();
  await page.waitForURL(/\/pay\/ok\?payment=\d+$/);
  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  await expect(page.getByRole('status')).toContainText(pay('result.succeeded.text', { amount: `${Number(amount).toFixed(2)}`, id: paymentId }), { timeout: 15_000 });
}

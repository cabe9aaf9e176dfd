/**
 * Promo codes and discount campaigns in chromium: an admin creates a 10 % bonus code, a fixed-credit
 * code and a 50 % campaign on one captcha type on /p/admin; the customer applies the bonus code on
 * /addbalance (the bonus shows before paying), pays through the sandbox checkout and gets the top-up
 * plus the bonus; redeems the fixed-credit code; /pricing and /p/discount-campaigns show the running
 * campaign's price; the admin sees the code's usage and pauses the campaign.
 */
import { test } from '@playwright/test';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { readAccounts } from '../support/accounts.ts';
import { gotoHydrated, tr, waitForHydration } from '../support/app.ts';

const p = (key: string, vars: Record<string, string> = {}) => tr('en', `payments:${key}`, vars);
const pr = (key: string, vars: Record<string, string> = {}) => tr('en', `promotions:${key}`, vars);
/** A type no other spec submits, so the campaign changes no one else's charges. */
const SLUG = 'altcha';
const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16);

test('a promo code adds its bonus to a sandbox top-up; /pricing shows a running campaign', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { promoCustomer: customer, promoAdmin } = readAccounts();
  const suffix = Date.now().toString(36).toUpperCase();
  const bonusCode = `BONUS10-${suffix}`;
  const creditCode = `GIFT3-${suffix}`;
  const campaignName = `E2E half price ${suffix}`;

  // The admin: two codes and a campaign.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await new Cabinet(admin).signIn(promoAdmin);
  await gotoHydrated(admin, '/p/admin?tab=promo-codes');
  await expect(admin.getByRole('tab', { name: pr('admin.tabs.promoCodes') })).toHaveAttribute('aria-selected', 'true');
  await admin.locator('input[name=code]').fill(bonusCode);
  await admin.locator('input[name=bonusPercent]').fill('10');
  await admin.locator('input[name=maxUses]').fill('5');
  await admin.getByRole('button', { name: pr('admin.codes.create') }).click();
  await expect(admin.getByRole('status').filter({ hasText: pr('admin.codes.created', { code: bonusCode }) })).toBeVisible();
  await admin.locator('input[name=code]').fill(creditCode);
  await admin.locator('select[name=kind]').selectOption('credit');
  await admin.locator('input[name=amount]').fill('3');
  await admin.getByRole('button', { name: pr('admin.codes.create') }).click();
  await expect(admin.getByTestId(`promo-row-${creditCode}`)).toBeVisible();

  await admin.getByRole('tab', { name: pr('admin.tabs.campaigns') }).click();
  await admin.locator('input[name=name]').fill(campaignName);
  await admin.locator('input[name=percent]').fill('50');
  await admin.locator('input[name=startsAt]').fill(utcMinute(Date.now() - 60_000));
  await admin.locator('input[name=endsAt]').fill(utcMinute(Date.now() + 10 * 60_000));
  await admin.locator(`input[type=checkbox][value=${SLUG}]`).check();
  await admin.getByRole('button', { name: pr('admin.campaigns.create') }).click();
  await expect(admin.getByRole('status').filter({ hasText: pr('admin.campaigns.created', { name: campaignName }) })).toBeVisible();
  const campaignRow = admin.locator('tbody tr', { hasText: campaignName });
  await expect(campaignRow).toContainText(pr('admin.campaigns.statuses.running'));

  // The customer: the bonus code on /addbalance, checked before paying.
  await new Cabinet(page).signIn(customer);
  await gotoHydrated(page, '/addbalance');
  await page.getByRole('button', { name: '$25', exact: true }).click();
  await page.locator('input[name=promoCode]').fill('nosuchcode');
  await page.getByRole('button', { name: pr('field.apply') }).click();
  await expect(page.getByText(pr('errors.unknown'))).toBeVisible();
  await page.locator('input[name=promoCode]').fill(bonusCode.toLowerCase());
  await page.getByRole('button', { name: pr('field.apply') }).click();
  await expect(page.getByTestId('promo-bonus')).toHaveText(pr('field.bonus', { percent: '10', bonus: '2.50' }));
  await page.getByRole('radio', { name: new RegExp(p('providers.sandbox.name').replace(/[()]/g, '\\$&')) }).check();
  await page.getByRole('button', { name: p('form.pay') }).click();
  await page.waitForURL(/\/pay\/sandbox\/checkout\/sbx_[0-9a-f]{24}$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: p('sandbox.approve') }).click();
  await page.waitForURL(/\/pay\/ok\?payment=\d+$/);
  const paymentId = new URL(page.url()).searchParams.get('payment')!;
  await expect(page.getByRole('status')).toContainText(p('result.succeeded.text', { amount: '25.00', id: paymentId }), { timeout: 15_000 });
  // $1 + $25 + 10 % bonus.
  await gotoHydrated(page, '/enterpage');
  await expect(page.getByTestId('dashboard-balance')).toHaveText('$28.50');
  // The payment history names the code the top-up used.
  await gotoHydrated(page, '/pay/history_payment');
  await expect(page.getByRole('row', { name: new RegExp(`#${paymentId}`) }).getByTestId('history-promo')).toHaveText(bonusCode.toUpperCase());

  // A fixed-credit code is redeemed at once, and only once.
  await gotoHydrated(page, '/addbalance');
  const redeem = page.locator('input[name=redeemCode]');
  await redeem.fill(creditCode);
  await page.getByRole('button', { name: pr('redeem.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: pr('redeem.done', { amount: '3.00', balance: '31.50' }) })).toBeVisible();
  await redeem.fill(creditCode);
  await page.getByRole('button', { name: pr('redeem.submit') }).click();
  await expect(page.getByRole('alert').filter({ hasText: pr('errors.used') })).toBeVisible();

  // /pricing (anonymous, so from the page cache the campaign cleared) shows the campaign's price.
  const visitor = await browser.newContext();
  const anon = await visitor.newPage();
  await gotoHydrated(anon, '/pricing');
  const discount = anon.getByTestId(`discount-${SLUG}`);
  await expect(discount).toContainText('−50%');
  await expect(discount).toContainText(campaignName);
  await expect(anon.getByTestId('discount-note')).toBeVisible();
  await gotoHydrated(anon, '/p/discount-campaigns');
  await expect(anon.getByRole('heading', { level: 2, name: campaignName })).toBeVisible();

  // The admin sees the usage, then pauses the campaign: the price is back to normal.
  await gotoHydrated(admin, '/p/admin?tab=promo-codes');
  await expect(admin.getByTestId(`promo-row-${bonusCode}`)).toContainText(pr('admin.codes.usesValue', { uses: '1', max: '5' }));
  await expect(admin.getByTestId(`promo-row-${bonusCode}`)).toContainText('$2.50');
  await gotoHydrated(admin, '/p/admin?tab=campaigns');
  await admin.getByRole('button', { name: pr('admin.pauseNamed', { name: campaignName }) }).click();
  await expect(admin.locator('tbody tr', { hasText: campaignName })).toContainText(pr('admin.campaigns.statuses.paused'));
  await gotoHydrated(anon, '/pricing');
  await expect(anon.getByTestId(`discount-${SLUG}`)).toHaveCount(0);
  await visitor.close();
  await adminContext.close();
});

/**
 * Money between accounts, in chromium: a transfer asked on /pay/send_user moves nothing until the
 * sender opens the mailed link and confirms it there; a voucher issued on the admin's Vouchers tab is
 * redeemed on /pay/paypal_voucher once and refused the second time; /pay/history_day shows the day's
 * figures.
 */
import { test } from '@playwright/test';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { readAccounts } from '../support/accounts.ts';
import { gotoHydrated, tr } from '../support/app.ts';
import { linkIn, waitForMail } from '../support/outbox.ts';

const p = (key: string, vars: Record<string, string> = {}) => tr('en', `payments:${key}`, vars);
const today = () => new Date().toISOString().slice(0, 10);

test('a transfer confirmed by the mailed link moves the money; a voucher redeems once; history_day shows the day', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { transferSender: sender, transferRecipient: recipient, voucherAdmin } = readAccounts();

  // An admin issues one voucher and takes its code from the batch's CSV.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await new Cabinet(admin).signIn(voucherAdmin);
  await gotoHydrated(admin, '/p/admin?tab=vouchers');
  await admin.getByLabel(p('money.admin.amount')).fill('5');
  await admin.getByLabel(p('money.admin.count')).fill('1');
  await admin.getByRole('button', { name: p('money.admin.submit') }).click();
  const csvHref = await admin.getByTestId('voucher-csv').getAttribute('href');
  const code = /\r\n([A-Z0-9-]{19}),/.exec(decodeURIComponent(csvHref!.split(',').slice(1).join(',')))![1]!;
  await adminContext.close();

  await new Cabinet(page).signIn(sender);

  // The transfer: asked, then nothing moves until the link is confirmed.
  await gotoHydrated(page, '/pay/send_user');
  await expect(page.getByRole('heading', { level: 1, name: p('money.send.title') })).toBeVisible();
  await page.getByLabel(p('money.send.recipient')).fill(recipient.email);
  await page.getByLabel(p('money.send.amount')).fill('12.50');
  await page.getByRole('button', { name: p('money.send.submit') }).click();
  await expect(page.getByRole('status')).toContainText(p('money.send.mailed', { hours: '24' }));
  await expect(page.getByTestId('transfers-table')).toContainText(p('money.send.status.pending'));

  const mail = await waitForMail(sender.email, { subject: tr('en', 'mail:transferConfirm.subject', { amount: '12.50' }) });
  const link = linkIn(mail, /\/pay\/send_user_hash\/[^/]+\/\d+$/);
  await gotoHydrated(page, link.pathname);
  await expect(page.getByTestId('confirm-amount')).toHaveText('$12.50');
  await expect(page.getByTestId('confirm-recipient')).toHaveText(recipient.email);
  await page.getByRole('button', { name: p('money.confirm.submit', { amount: '12.50' }) }).click();
  await expect(page.getByRole('status')).toContainText(p('money.confirm.done', { amount: '12.50', recipient: recipient.email }));

  // The link works once.
  await gotoHydrated(page, link.pathname);
  await expect(page.getByRole('alert')).toContainText(p('money.errors.LINK_INVALID'));

  await gotoHydrated(page, '/pay/send_user');
  await expect(page.getByTestId('transfers-table')).toContainText(p('money.send.status.confirmed'));
  await expect(page.getByTestId('transfer-remaining')).toContainText('$987.50');

  // The voucher: once, then refused.
  await gotoHydrated(page, '/pay/paypal_voucher');
  await page.getByLabel(p('money.voucher.code')).fill(code.toLowerCase());
  await page.getByRole('button', { name: p('money.voucher.submit') }).click();
  await expect(page.getByRole('status')).toContainText(p('money.voucher.done', { amount: '5.00', balance: '42.50' }));
  await page.getByLabel(p('money.voucher.code')).fill(code);
  await page.getByRole('button', { name: p('money.voucher.submit') }).click();
  await expect(page.getByRole('alert')).toContainText(p('money.errors.reason_used'));

  // The day's figures.
  await gotoHydrated(page, '/pay/history_day');
  const row = page.locator(`tr[data-day="${today()}"]`);
  await expect(row.locator('[data-col="transfersOut"]')).toHaveText('$12.50');
  await expect(row.locator('[data-col="vouchers"]')).toHaveText('$5.00');
  // The seeded $50 opening balance is an adjustment of the same day.
  await expect(row.locator('[data-col="net"]')).toHaveText('$42.50');

  // The recipient sees the money arrive.
  const recipientContext = await browser.newContext();
  const other = await recipientContext.newPage();
  await new Cabinet(other).signIn(recipient);
  await gotoHydrated(other, '/pay/send_user');
  await expect(other.getByTestId('transfers-table')).toContainText(p('money.send.direction.received'));
  await expect(other.getByTestId('transfers-table')).toContainText('+$12.50');
  await recipientContext.close();
});

/**
 * Money out in chromium: a worker earns by solving in /cabinet, adds a USDT wallet on
 * /partner/payment_edit, confirms it through the mailed link, waits out the hold (4 s on the e2e
 * server) and requests two payouts on /partner/payment; an admin approves the first and marks it
 * sent with a reference, and rejects the second (the money comes back); the worker sees both on
 * /partner/history_payment. A customer who deposited sees no withdraw action, only "return funds".
 */
import { test, type Browser, type Page } from '@playwright/test';
import { Cabinet, openHydrated } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { idOf, inPhp } from '../customer/compat.ts';
import { solveOwn } from '../customer/solve-own.ts';
import { readAccounts, type E2eAccount } from '../support/accounts.ts';
import { tr } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { hashLinkParts, linkIn, mailIdsTo, waitForMail } from '../support/outbox.ts';
import { PAYOUT_LANGUAGE, SEEDED_EARNINGS } from '../support/seed-payouts.ts';
import { sandboxTopUp } from './top-up.ts';
import { formatMoney, parseMoney } from '../../shared/money.ts';

const p = (key: string, vars: Record<string, string> = {}) => tr('en', `partner:${key}`, vars);
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function signedIn(browser: Browser, account: E2eAccount): Promise<Page> {
  const context = await browser.newContext({ baseURL: INTL_ORIGIN, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await new Cabinet(page).signIn(account);
  return page;
}

test('a worker is paid to a confirmed wallet after the hold; a rejected payout comes back; a depositor has no withdraw action', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const accounts = readAccounts();
  const worker = new Cabinet(page);
  await worker.signIn(accounts.payoutWorker);

  // Earn by solving a captcha in the cabinet (the customer's task is in the worker's language only).
  const id = Number(idOf(await inPhp(accounts.payoutCustomer.apiKey, { lang: PAYOUT_LANGUAGE })));
  expect(id).toBeGreaterThan(0);
  const since = worker.mark();
  await worker.startWork();
  const { accepted } = await solveOwn(worker, id, 'W7PX2', since);
  await worker.stopWork();
  const reward = parseMoney(accepted.reward);
  expect(reward).toBeGreaterThan(0);
  const earned = SEEDED_EARNINGS + reward;

  // No wallet yet: the payout page says so and links to the wallets.
  await openHydrated(page, '/partner/payment');
  await expect(page.getByTestId('withdrawable')).toHaveText(`$${formatMoney(earned)}`);
  await expect(page.getByText(p('payout.noWallet'))).toBeVisible();

  // Add a wallet: a bad checksum is refused, a good address is mailed for confirmation.
  await openHydrated(page, '/partner/payment_edit');
  const form = page.getByRole('form', { name: p('wallets.formTitle') });
  await form.getByLabel(p('wallets.method')).selectOption('usdt-trc20');
  await form.getByLabel(p('wallets.address')).fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u');
  await form.getByRole('button', { name: p('wallets.submit') }).click();
  await expect(form.getByRole('alert')).toHaveText(p('errors.reason_address'));
  const before = mailIdsTo(accounts.payoutWorker.email);
  await form.getByLabel(p('wallets.address')).fill(TRON);
  await form.getByRole('button', { name: p('wallets.submit') }).click();
  await expect(form.getByRole('status')).toHaveText(p('wallets.mailed'));
  await expect(page.getByTestId('wallet-pending-usdt-trc20')).toContainText(TRON);
  const mail = await waitForMail(accounts.payoutWorker.email, { subject: tr('en', 'mail:walletChange.subject'), except: before });
  const link = linkIn(mail, /^\/auth\/edit_purse\//);
  expect(hashLinkParts(link).userId).toBe(accounts.payoutWorker.id);

  // Confirm from the mail: the wallet is active but on hold.
  await openHydrated(page, link.pathname);
  await expect(page.getByTestId('confirmed-wallet')).toHaveText(TRON);
  await page.getByRole('link', { name: tr('en', 'auth:links.wallets') }).click();
  await expect(page).toHaveURL(/\/partner\/payment_edit$/);
  await expect(page.getByTestId('wallet-active-usdt-trc20')).toContainText(p('wallets.onHold'));
  await expect(page.getByTestId('wallet-log')).toContainText(p('wallets.events.confirmed'));

  // The payout page names the held wallet; wait out the hold (4 s on the e2e server), then request two payouts.
  await openHydrated(page, '/partner/payment');
  await expect(page.getByTestId('payout-destination')).toContainText(TRON);
  await expect
    .poll(async () => ((await (await page.request.get('/api/v2/payouts/summary')).json()) as { methods: { wallet: { usable: boolean } | null }[] }).methods.some((m) => m.wallet?.usable), {
      message: 'the wallet leaves its hold',
      timeout: 15_000,
    })
    .toBe(true);
  await openHydrated(page, '/partner/payment');
  const payout = page.getByRole('form', { name: p('payout.formTitle') });
  await payout.getByLabel(p('payout.amount')).fill('4');
  await payout.getByRole('button', { name: p('payout.submit') }).click();
  await expect(payout.getByText(p('payout.belowMinimum', { min: '5.00' }))).toBeVisible();
  await payout.getByLabel(p('payout.amount')).fill('6');
  await payout.getByRole('button', { name: p('payout.submit') }).click();
  await expect(payout.getByRole('status')).toContainText('$6.00');
  const first = Number(/#(\d+)/.exec((await payout.getByRole('status').textContent())!)![1]);
  await payout.getByLabel(p('payout.amount')).fill('5');
  await payout.getByRole('button', { name: p('payout.submit') }).click();
  await expect(payout.getByRole('status')).toContainText('$5.00');
  const second = Number(/#(\d+)/.exec((await payout.getByRole('status').textContent())!)![1]);
  await expect(page.getByTestId('withdrawable')).toHaveText(`$${formatMoney(earned - 11_000_000)}`);

  // The admin approves and sends the first, rejects the second.
  const admin = await signedIn(browser, accounts.payoutAdmin);
  try {
    await openHydrated(admin, '/p/admin?tab=payouts');
    const row1 = admin.getByTestId(`admin-payout-${first}`);
    await expect(row1).toContainText(accounts.payoutWorker.email);
    await expect(row1).toContainText(p('admin.walletRecent'));
    await row1.getByRole('button', { name: p('admin.approve') }).click();
    await row1.getByRole('button', { name: p('admin.markSent') }).click();
    await row1.getByLabel(p('admin.reference')).fill('e2e-tx-7f3a9c');
    await row1.getByRole('button', { name: p('admin.confirmSent') }).click();
    await expect(row1).toHaveCount(0); // leaves the open queue
    const row2 = admin.getByTestId(`admin-payout-${second}`);
    await row2.getByRole('button', { name: p('admin.reject') }).click();
    await row2.getByLabel(p('admin.reason')).fill('Please use a wallet in your own name');
    await row2.getByRole('button', { name: p('admin.confirmReject') }).click();
    await expect(row2).toHaveCount(0);
  } finally {
    await admin.context().close();
  }

  // The worker's history: sent with the reference, rejected with the reason; the money is back.
  await openHydrated(page, '/partner/history_payment');
  await expect(page.getByTestId(`payout-${first}`)).toContainText(p('status.sent'));
  await expect(page.getByTestId(`payout-${first}`)).toContainText('e2e-tx-7f3a9c');
  await expect(page.getByTestId(`payout-${second}`)).toContainText(p('status.rejected'));
  await expect(page.getByTestId(`payout-${second}`)).toContainText('Please use a wallet in your own name');
  await openHydrated(page, '/partner/payment');
  await expect(page.getByTestId('withdrawable')).toHaveText(`$${formatMoney(earned - 6_000_000)}`);
  await waitForMail(accounts.payoutWorker.email, { subject: tr('en', 'mail:payoutSent.subject', { id: String(first) }) });

  // A customer who deposited: no withdraw action, the return-funds request instead.
  const customer = await signedIn(browser, accounts.payoutCustomer);
  try {
    await openHydrated(customer, '/partner/payment');
    await expect(customer.getByText(p('payout.noWallet'))).toBeVisible(); // not a depositor yet: payouts, once a wallet exists
    await sandboxTopUp(customer, '10');
    await openHydrated(customer, '/partner/payment');
    await expect(customer.getByTestId('return-funds-notice')).toHaveText(p('returns.notice'));
    await expect(customer.getByRole('form', { name: p('payout.formTitle') })).toHaveCount(0);
    await expect(customer.getByRole('button', { name: p('payout.submit') })).toHaveCount(0);
    const ret = customer.getByRole('form', { name: p('returns.title') });
    await ret.getByLabel(p('returns.details')).fill('Paid by the sandbox card; please return the unspent $10.');
    await ret.getByLabel(p('payout.amount')).fill('10');
    await ret.getByRole('button', { name: p('returns.submit') }).click();
    await expect(ret.getByRole('status')).toHaveText(p('returns.sent'));
  } finally {
    await customer.context().close();
  }
});

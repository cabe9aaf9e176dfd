/**
 * The customer's dashboard (/enterpage) with captchas in several states (seed-customer.ts), and its
 * live update: a captcha uploaded through the API and then solved (by the customer, in sandbox
 * mode, in /cabinet on a second page) changes the figures and the list without a reload.
 */
import { test, type BrowserContext } from '@playwright/test';
import { Cabinet } from '../compat/cabinet.ts';
import { expect } from '../compat/expect.ts';
import { readAccounts } from '../support/accounts.ts';
import { gotoHydrated, tr } from '../support/app.ts';
import { SEEDED_CUSTOMER_TASKS } from '../support/seed-customer.ts';
import { formatMoney, parseMoney } from '../../shared/money.ts';
import { idOf, inPhp, resPhp } from './compat.ts';

const c = (key: string, vars: Record<string, string> = {}) => tr('en', `customer:${key}`, vars);
const breakdown = (solved: number, unsolvable: number, inProgress: number) =>
  c('dashboard.figures.breakdown', { solved: String(solved), unsolvable: String(unsolvable), inProgress: String(inProgress) });

async function putSettings(context: BrowserContext, body: Record<string, unknown>) {
  const csrf = (await context.cookies()).find((k) => k.name === 'csrf_token')!.value;
  const res = await context.request.put('/api/v2/customer/api-settings', {
    data: { allowedIps: [], maxBidPer1000: null, sandbox: false, consensus: null, ...body },
    headers: { 'x-csrf-token': decodeURIComponent(csrf) },
  });
  expect(res.status()).toBe(200);
}

test('the dashboard shows captchas in every state and follows new ones live', async ({ page, context }) => {
  test.setTimeout(120_000);
  const customer = readAccounts().dashboardCustomer;
  const cabinet = new Cabinet(page);
  await cabinet.signIn(customer);
  await putSettings(context, { sandbox: true });

  await gotoHydrated(page, '/enterpage');
  await expect(page).toHaveTitle(c('meta.title', { page: c('dashboard.title') }));
  await expect(page.getByTestId('dashboard-count')).toHaveText('3');
  await expect(page.getByTestId('dashboard-breakdown')).toHaveText(breakdown(2, 1, 0));
  await expect(page.getByTestId('dashboard-success-rate')).toHaveText('66.7%');
  // 500 + 700 micro-USD; the unsolvable one is refunded.
  await expect(page.getByTestId('dashboard-spend')).toHaveText('$0.0012');
  await expect(page.getByTestId('dashboard-balance')).toHaveText('$10.00');

  const recent = page.getByTestId('dashboard-recent');
  const rows = recent.locator('tbody tr');
  await expect(rows).toHaveCount(SEEDED_CUSTOMER_TASKS.length);
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'unsolvable');
  await expect(rows.nth(0)).toContainText('ERROR_CAPTCHA_UNSOLVABLE');
  await expect(rows.nth(0)).toContainText(c('dashboard.states.unsolvable'));
  await expect(rows.nth(1)).toHaveAttribute('data-state', 'solved');
  await expect(rows.nth(1)).toContainText('Tuesday');
  await expect(rows.nth(2)).toContainText('W7KQ2');
  const times = page.getByTestId('dashboard-solve-times');
  await expect(times.getByRole('row', { name: new RegExp(`^${c('types.normal')}`) })).toContainText(c('dashboard.seconds', { value: '12' }));
  await expect(times.getByRole('row', { name: new RegExp(`^${c('types.text')}`) })).toContainText(c('dashboard.seconds', { value: '6' }));
  await expect(page.getByTestId('dashboard-live')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('api-key')).toHaveValue(customer.apiKey);

  // From here on nothing may reload the page.
  await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));

  // An upload through the API appears at once, queued.
  const id = idOf(await inPhp(customer.apiKey));
  expect(id).toMatch(/^\d+$/);
  await expect(page.getByTestId('dashboard-count')).toHaveText('4');
  await expect(page.getByTestId('dashboard-breakdown')).toHaveText(breakdown(2, 1, 1));
  await expect(rows.nth(0)).toHaveAttribute('data-task-id', id);
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'queued');
  await expect(page.getByTestId('dashboard-balance')).not.toHaveText('$10.00');

  // The customer solves it in the sandbox on a second page; the dashboard follows.
  const desk = new Cabinet(await context.newPage());
  await gotoHydrated(desk.page, '/cabinet');
  const since = desk.mark();
  await desk.page.getByRole('button', { name: tr('en', 'worker:work.startSandbox') }).click();
  const task = await desk.nextTask(since);
  expect(String(task.offer.id)).toBe(id);
  await task.stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.label') }).fill('LIVE42');
  await desk.submit(task.stage);
  await desk.accepted(task.offer.id, since);

  await expect(page.getByTestId('dashboard-breakdown')).toHaveText(breakdown(3, 1, 0));
  await expect(page.getByTestId('dashboard-success-rate')).toHaveText('75%');
  await expect(rows.nth(0)).toHaveAttribute('data-state', 'solved');
  await expect(rows.nth(0)).toContainText('LIVE42');
  // The live rate depends on the load: read what this captcha cost from the API.
  const price = parseMoney((await resPhp(customer.apiKey, 'get2', { id })).split('|')[2]!);
  await expect(page.getByTestId('dashboard-spend')).toHaveText(`$${formatMoney(1200 + price)}`);
  // Paid the price, and (solving it in the sandbox) earned the worker's share back: as the API says.
  await expect(page.getByTestId('dashboard-balance')).toHaveText(`$${formatMoney(parseMoney(await resPhp(customer.apiKey, 'getbalance')))}`);
  expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
});

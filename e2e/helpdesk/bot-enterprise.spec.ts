/**
 * Issue 18, Done when #2 and #3: the support bot answers a question from a FAQ article, quoting it,
 * and hands an unanswered one to a ticket that carries the conversation; an enterprise plan bought
 * from the balance moves the ledger, puts the customer's next ticket first in the staff queue and
 * raises their API limits.
 */
import { expect, test } from '@playwright/test';
import { makePng } from '../../server/test/images.ts';
import { parseMoney } from '../../shared/money.ts';
import { readAccounts } from '../support/accounts.ts';
import { exactly, gotoHydrated, signInTo, tr, waitForHydration } from '../support/app.ts';
import { E2E_PORT } from '../support/env.ts';

const s = (key: string, vars: Record<string, string> = {}) => tr('en', `support:${key}`, vars);

test('the bot quotes a FAQ answer, then hands an unanswered question to a ticket with the conversation', async ({ page }) => {
  const account = readAccounts().helpdeskCustomer;
  await signInTo(page, account, '/support/bot');
  await waitForHydration(page);
  const input = page.getByLabel(s('bot.inputLabel'));

  await input.fill('Which API should I use, v1 or v2?');
  await page.getByRole('button', { name: exactly(s('bot.send')) }).click();
  const answer = page.getByTestId('bot-bot').last();
  await expect(answer).toContainText(s('bot.answered', { title: 'FAQ for developers' }));
  await expect(answer.locator('blockquote')).toContainText('createTask');
  await expect(answer.getByRole('link', { name: s('bot.readArticle', { title: 'FAQ for developers' }) })).toHaveAttribute('href', '/support/faq/developer');

  await input.fill('Do you repair bicycles with blue wheels?');
  await page.getByRole('button', { name: exactly(s('bot.send')) }).click();
  await expect(page.getByText(s('bot.unanswered'))).toBeVisible();
  await page.getByTestId('bot-bot').last().getByRole('button', { name: exactly(s('bot.askPerson')) }).click();
  await page.waitForURL(/\/support\/tickets\/\d+$/);
  // The ticket starts with the whole conversation, then the question nobody answered.
  const transcript = page.getByTestId(/^message-/).first();
  await expect(transcript).toContainText('Which API should I use, v1 or v2?');
  await expect(transcript).toContainText('/support/faq/developer');
  await expect(transcript).toContainText('Do you repair bicycles with blue wheels?');
  await expect(page.getByTestId(/^message-/).last()).toContainText('Do you repair bicycles with blue wheels?');
});

test('an enterprise plan from the balance: the ledger moves, the next ticket leads the queue, the API limit rises', async ({ browser }) => {
  // Two bursts of 100 image submissions and the limiter's 10.5 s of waiting in between: more than
  // the default 30 s on a busy CI machine (it ran out at the second burst).
  test.slow();
  const accounts = readAccounts();
  const account = accounts.helpdeskEnterprise;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInTo(page, account, '/support/enterprise');
  await waitForHydration(page);

  const balance = async () => parseMoney(((await (await page.request.get('/api/v2/user')).json()) as { balance: { amount: string } }).balance.amount);
  // A burst of 100 submissions within MAX_USER_TURN's 3 seconds: over the standard 60, so some are refused.
  const origin = `http://127.0.0.1:${E2E_PORT}`;
  const image = makePng(60, 24, 18).toString('base64');
  const burst = async () =>
    Promise.all(Array.from({ length: 100 }, () => fetch(`${origin}/in.php`, { method: 'POST', body: new URLSearchParams({ key: account.apiKey, method: 'base64', body: image }) }).then((r) => r.text())));
  const before = await burst();
  expect(before.filter((b) => b === 'MAX_USER_TURN').length).toBeGreaterThan(0);

  const start = await balance();
  const business = page.getByTestId('plan-business');
  await expect(business).toContainText(s('enterprise.rateLimit', { multiplier: '3' }));
  await business.getByRole('button', { name: exactly(tr('en', 'support:enterprise.buy_one', { count: '1' })) }).click();
  await expect(page.getByText(/Business is active until .*Balance: \$/)).toBeVisible();
  await expect(page.getByTestId('enterprise-current')).toBeVisible();
  // Exactly the plan's price left the balance (balances move only with ledger entries).
  expect(start - (await balance())).toBe(300_000_000);

  // Their next ticket is flagged and first in the staff queue.
  await gotoHydrated(page, '/support/tickets/new');
  const subject = `Enterprise question ${Date.now()}`;
  await page.getByLabel(s('form.subject')).fill(subject);
  await page.getByLabel(s('form.body')).fill('We need help with throughput.');
  await page.getByRole('button', { name: exactly(s('form.send')) }).click();
  await page.waitForURL(/\/support\/tickets\/\d+$/);
  const ticketId = Number(/(\d+)$/.exec(page.url())![1]);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInTo(staff, accounts.helpdeskStaff, '/support/queue');
  await waitForHydration(staff);
  const firstRow = staff.getByTestId('support-queue').locator('tbody tr').first();
  await expect(firstRow).toHaveAttribute('data-testid', `queue-row-${ticketId}`);
  await expect(firstRow).toContainText(s('tickets.enterprise'));

  // The raised limit: once the plan's keys reached the limiter (re-read every 5 s) and the earlier
  // ban is over (10 s), the same burst is accepted in full.
  await page.waitForTimeout(10_500);
  const after = await burst();
  expect(after.filter((b) => b === 'MAX_USER_TURN')).toEqual([]);
  expect(after.filter((b) => b.startsWith('OK|')).length).toBe(100);

  await staffContext.close();
  await context.close();
});

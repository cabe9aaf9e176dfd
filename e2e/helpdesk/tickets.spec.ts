/**
 * Support tickets (issue 18, Done when #1): a customer opens a ticket with an attachment; staff
 * answer it from the queue with the customer's context beside the thread; the customer gets the
 * e-mail, follows its link and replies; staff close the ticket.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makePng } from '../../server/test/images.ts';
import { readAccounts } from '../support/accounts.ts';
import { exactly, gotoHydrated, signInTo, tr, waitForHydration } from '../support/app.ts';
import { linkIn, mailIdsTo, waitForMail } from '../support/outbox.ts';

const s = (key: string, vars: Record<string, string> = {}) => tr('en', `support:${key}`, vars);
const shots = process.env.SCREENSHOT_DIR;

/** With SCREENSHOT_DIR set: the page at 1280 and 390 px, then back to 1280. */
async function capture(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `support-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a ticket with an attachment, a staff reply with the customer\'s context, a mailed reply, closing', async ({ browser }) => {
  const accounts = readAccounts();
  const customerAccount = accounts.helpdeskCustomer;
  const staffAccount = accounts.helpdeskStaff;
  const subject = `Refund for task ${Date.now()}`;

  // The customer opens a ticket with a screenshot.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInTo(customer, customerAccount, '/support/tickets/new');
  // The file input uploads from its change handler: interact only once the page has hydrated.
  await gotoHydrated(customer, '/support/tickets/new');
  await customer.getByLabel(s('form.category')).selectOption('refunds');
  await customer.getByLabel(s('form.subject')).fill(subject);
  await customer.getByLabel(s('form.body')).fill('Task 1000000123 came back wrong; screenshot attached.');
  const uploaded = customer.waitForResponse((r) => r.url().endsWith('/api/v2/support/attachments') && r.request().method() === 'POST');
  await customer.getByTestId('attachment-input').setInputFiles({ name: 'wrong-answer.png', mimeType: 'image/png', buffer: makePng(80, 30, 7) });
  expect((await uploaded).status()).toBe(200);
  await expect(customer.getByRole('button', { name: 'Remove wrong-answer.png' })).toBeVisible();
  await customer.getByRole('button', { name: exactly(s('form.send')) }).click();
  await customer.waitForURL(/\/support\/tickets\/\d+$/);
  const ticketId = Number(/(\d+)$/.exec(customer.url())![1]);
  await expect(customer.getByText(s('thread.created'))).toBeVisible();
  await expect(customer.getByRole('link', { name: 'wrong-answer.png' })).toBeVisible();
  const seen = mailIdsTo(customerAccount.email);

  // Staff find it in the queue and answer with the customer's context in view.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInTo(staff, staffAccount, '/support/queue');
  await expect(staff.getByTestId(`queue-row-${ticketId}`)).toContainText(customerAccount.email);
  await staff.getByRole('link', { name: `#${ticketId} · ${subject}` }).click();
  await staff.waitForURL(new RegExp(`/support/queue/${ticketId}$`));
  await waitForHydration(staff);
  const context = staff.getByTestId('user-context');
  await expect(context).toContainText(customerAccount.email);
  await expect(staff.getByTestId('context-balance')).toHaveText('$5.00');
  await expect(context).toContainText(s('userTypes.customer'));
  // An internal note first: the customer never sees it.
  await staff.getByLabel(s('staff.internal')).check();
  await staff.getByLabel(s('staff.note')).fill('Checked the task log: the answer was indeed wrong.');
  await staff.getByRole('button', { name: exactly(s('staff.saveNote')) }).click();
  await expect(staff.getByText(s('staff.noteSaved'))).toBeVisible();
  await staff.getByLabel(s('staff.internal')).uncheck();
  await staff.getByRole('textbox', { name: s('staff.reply'), exact: true }).fill('We refunded task 1000000123. Sorry for the trouble.');
  await staff.getByRole('button', { name: exactly(s('staff.send')) }).click();
  await expect(staff.getByText(s('staff.replySent'))).toBeVisible();
  await capture(staff, 'queue-ticket');

  // The customer gets the mail, follows its link, sees the reply (not the note) and answers.
  const mail = await waitForMail(customerAccount.email, { subject: s('mail.staffReplied.subject', { id: String(ticketId), subject }), except: seen });
  expect(mail.text).toContain('We refunded task 1000000123.');
  expect(mail.text).not.toContain('Checked the task log');
  const link = linkIn(mail, new RegExp(`^/support/tickets/${ticketId}$`));
  await gotoHydrated(customer, link.pathname);
  await expect(customer.getByText('We refunded task 1000000123. Sorry for the trouble.')).toBeVisible();
  await expect(customer.getByText('Checked the task log')).toHaveCount(0);
  await expect(customer.getByText(s('status.answered')).first()).toBeVisible();
  await customer.getByLabel(s('thread.reply')).fill('Thank you, I see the refund.');
  await customer.getByRole('button', { name: exactly(s('thread.send')) }).click();
  await expect(customer.getByText(s('thread.sent'))).toBeVisible();
  await capture(customer, 'ticket');

  // Staff close it; the customer sees it closed with the time it took.
  await staff.reload();
  await expect(staff.getByText('Thank you, I see the refund.')).toBeVisible();
  await staff.getByLabel(s('staff.setStatus'), { exact: true }).selectOption('closed');
  await expect(staff.locator('.support-facts').getByText(s('thread.resolution'))).toBeVisible();
  await customer.reload();
  await expect(customer.getByText(s('thread.reopenTitle'))).toBeVisible();
  await expect(customer.locator('.support-facts').getByText(s('status.closed'))).toBeVisible();

  await customerContext.close();
  await staffContext.close();
});

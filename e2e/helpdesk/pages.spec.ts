/**
 * The support centre's pages (issue 18): the help centre searches in en and ru, the FAQ and
 * knowledge-base pages render, feedback is sent anonymously and listed for staff. Every page
 * renders in en, ru and zh at 1280 and 390 px without horizontal scrolling or console errors;
 * with SCREENSHOT_DIR set, each is captured.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readAccounts } from '../support/accounts.ts';
import { collectProblems, exactly, gotoHydrated, LANGS, signInTo, tr, waitForHydration } from '../support/app.ts';

const shots = process.env.SCREENSHOT_DIR;
const s = (key: string, vars: Record<string, string> = {}) => tr('en', `support:${key}`, vars);

async function look(page: Page, name: string, route: string) {
  const problems = collectProblems(page);
  for (const lang of LANGS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, lang === 'en' ? route : `/${lang}${route}`);
      await expect(page.locator('h1')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${route} in ${lang} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      if (shots) await page.screenshot({ path: path.join(shots, `support-${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
  expect(problems).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('help centre search in English and Russian, FAQ and knowledge-base pages', async ({ page }) => {
  await gotoHydrated(page, '/support');
  await page.getByTestId('help-search').fill('re');
  await expect(page.getByText(s('help.minChars', { count: '3' }))).toBeVisible();
  await page.getByTestId('help-search').fill('How do I get a refund for a wrong answer?');
  const first = page.getByTestId('help-results').locator('li').first();
  await expect(first.getByRole('link')).toHaveAttribute('href', '/kb/report-wrong-answer');
  await expect(first.locator('blockquote')).not.toBeEmpty();
  await first.getByRole('link').click();
  await page.waitForURL(/\/kb\/report-wrong-answer$/);
  await expect(page.locator('h1')).toContainText('Refunds for wrong answers');

  await gotoHydrated(page, '/ru/support');
  await page.getByTestId('help-search').fill('Как вывести заработок на USDT?');
  await expect(page.getByTestId('help-results').locator('li').first().getByRole('link')).toHaveAttribute('href', '/ru/kb/worker-payouts');

  for (const slug of ['worker', 'customer', 'developer', 'worker-terms']) {
    const response = await page.goto(`/support/faq/${slug}`);
    expect(response?.status()).toBe(200);
  }
  expect((await page.goto('/kb/send-push-notification'))?.status()).toBe(200);
  await expect(page.locator('h1')).toContainText('Send a push notification when a captcha is solved');
  expect((await page.goto('/support/faq/no-such-question'))?.status()).toBe(404);
});

test('anonymous feedback reaches the staff list and its export', async ({ page, browser }) => {
  await gotoHydrated(page, '/p/service-feedback');
  const comment = `Fast answers, clear prices ${Date.now()}`;
  // The stars are labels around visually hidden radios (keyboard: arrows within the group).
  await page.locator('label', { has: page.getByRole('radio', { name: tr('en', 'support:feedback.stars_other', { count: '4' }) }) }).click();
  await expect(page.getByRole('radio', { name: tr('en', 'support:feedback.stars_other', { count: '4' }) })).toBeChecked();
  await page.getByLabel(s('feedback.kinds.service.question')).fill(comment);
  await page.getByRole('button', { name: exactly(s('feedback.send')) }).click();
  await expect(page.getByText(s('feedback.thanks'))).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInTo(staff, readAccounts().helpdeskStaff, '/support/staff/feedback');
  await waitForHydration(staff);
  await staff.getByLabel(s('feedback.admin.kind')).selectOption('service');
  const row = staff.getByTestId('feedback-table').locator('tr', { hasText: comment });
  await expect(row).toContainText('★★★★');
  await expect(row).toContainText(s('feedback.admin.anonymous'));
  const csv = await staff.request.get('/api/v2/staff/support/feedback.csv?kind=service');
  expect(await csv.text()).toContain(comment);
  await staffContext.close();
});

test('public support pages in en, ru and zh at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  for (const [name, route] of [
    ['help', '/support'],
    ['faq-worker', '/support/faq/worker'],
    ['kb-push', '/kb/send-push-notification'],
    ['tutorials', '/support/h'],
    ['bot', '/support/bot'],
    ['enterprise', '/support/enterprise'],
    ['service-feedback', '/p/service-feedback'],
    ['proxy-feedback', '/p/proxy-feedback'],
  ] as const) {
    await look(page, name, route);
  }
});

test('signed-in and staff support pages in en, ru and zh at 1280 and 390 px', async ({ browser }) => {
  test.setTimeout(240_000);
  const accounts = readAccounts();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInTo(page, accounts.helpdeskStaff, '/support/tickets');
  for (const [name, route] of [
    ['tickets', '/support/tickets'],
    ['new-ticket', '/support/tickets/new'],
    ['queue', '/support/queue'],
    ['bot-threads', '/p/support-bot-threads'],
    ['staff-feedback', '/support/staff/feedback'],
  ] as const) {
    await look(page, name, route);
  }
  await context.close();
});

/**
 * Staff screens in the browser. A moderator opens /p/moderator from the header, reviews the worker
 * seeded with five upheld mistakes (e2e/support/seed-accounts.ts → server/test/seed-moderation.ts)
 * and unblocks them after the confirmation; the worker's cabinet is open again. An admin switches
 * a captcha type off in /p/admin and the compatible API refuses it.
 * With SCREENSHOT_DIR set, both screens are captured at 1280 and 390 px in English and Russian.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readAccounts } from '../support/accounts.ts';
import { exactly, gotoHydrated, signInTo, tr, type Lang } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';

const m = (key: string, vars: Record<string, string> = {}, lang: Lang = 'en') => tr(lang, `moderation:${key}`, vars);
const shots = process.env.SCREENSHOT_DIR;

test.describe.configure({ mode: 'serial' });

async function capture(page: Page, name: string, url: (lang: Lang) => string) {
  if (!shots) return;
  for (const lang of ['en', 'ru'] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, url(lang));
      await page.screenshot({ path: path.join(shots, `${name}-${lang}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, url('en'));
}

test('a moderator reviews the evidence and unblocks a paused worker', async ({ page }) => {
  const { moderator, pausedWorker } = readAccounts();
  await signInTo(page, moderator, '/profile');
  await page.getByRole('banner').getByRole('link', { name: exactly(tr('en', 'account.moderation')) }).click();
  await expect(page).toHaveURL('/p/moderator');
  await expect(page.getByRole('heading', { level: 1, name: m('title') })).toBeVisible();
  await expect(page).toHaveTitle(m('meta.title', { brand: 'CaptchaHub' }));

  const card = page.getByRole('article', { name: pausedWorker.email });
  await expect(card).toBeVisible();
  await expect(card).toContainText('5 upheld mistakes');
  const evidence = card.getByRole('region', { name: 'Evidence: 5 mistakes' });
  await expect(evidence.getByRole('listitem')).toHaveCount(5);
  // The images load (through the staff-only media route); the question task has none.
  const images = evidence.getByRole('img');
  await expect(images).toHaveCount(4);
  for (const img of await images.all()) await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(evidence).toContainText('What is 2 + 2?');
  await expect(evidence).toContainText('right1');
  await expect(evidence.getByText(m('evidence.unknown'))).toHaveCount(3);

  await capture(page, 'moderator', (lang) => (lang === 'en' ? '/p/moderator' : `/${lang}/p/moderator`));

  // Keyboard: the decision buttons are reachable and the dialog opens from Enter.
  await card.getByRole('button', { name: m('actions.unblock'), exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: m('confirm.unblock.title', { email: pausedWorker.email }) });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: m('actions.unblock'), exact: true }).click();
  await dialog.getByRole('button', { name: m('confirm.unblock.confirm'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: m('done.unblock', { email: pausedWorker.email }) })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { name: m('empty.title') })).toBeVisible();

  // The decision is stored: the queue is empty for every moderator.
  const summary = await page.request.get(`${INTL_ORIGIN}/api/v2/moderation/workers`);
  expect(await summary.json()).toEqual([]);
});

test('an admin switches a captcha type off and the API refuses it', async ({ page }) => {
  const { staffAdmin, pausedWorkerCustomer } = readAccounts();
  await signInTo(page, staffAdmin, '/p/admin');
  await gotoHydrated(page, '/p/admin?tab=captcha-types');
  const a = (key: string, vars: Record<string, string> = {}) => tr('en', `admin:${key}`, vars);
  const name = tr('en', 'pricing:types.yandex');
  const toggle = page.getByRole('switch', { name: a('captchaTypes.switchLabel', { name }) });
  await expect(toggle).toBeChecked();
  const submit = () => page.request.get(`${INTL_ORIGIN}/in.php?key=${pausedWorkerCustomer.apiKey}&method=yandex&sitekey=X1-e2e&pageurl=https%3A%2F%2Fexample.com%2F`);

  await toggle.click();
  await expect(page.getByRole('status').filter({ hasText: a('captchaTypes.done.off', { name }) })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect(await (await submit()).text()).toBe('ERROR_BAD_PARAMETERS');

  await capture(page, 'admin-captcha-types', (lang) => `${lang === 'en' ? '' : `/${lang}`}/p/admin?tab=captcha-types`);

  // Still off after a reload: the server holds the switch.
  await gotoHydrated(page, '/p/admin?tab=captcha-types');
  const again = page.getByRole('switch', { name: a('captchaTypes.switchLabel', { name }) });
  await expect(again).not.toBeChecked();
  await again.press('Space');
  await expect(page.getByRole('status').filter({ hasText: a('captchaTypes.done.on', { name }) })).toBeVisible();
  await expect(again).toBeChecked();
});

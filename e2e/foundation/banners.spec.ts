import { expect, test } from '@playwright/test';
import { RU_ORIGIN } from '../support/env.ts';
import { YEAR, cookieOf, exactly, expectLifetime, gotoHydrated, tr, waitForCookie } from '../support/app.ts';

test.describe('foreign-visitor banner', () => {
  test('shows on the Russian-language host; dismissal lasts a year and survives reload', async ({ page, context }) => {
    await gotoHydrated(page, `${RU_ORIGIN}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const banner = page.getByTestId('foreign-visitor-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(tr('ru', 'banners.foreign.text'));
    await expect(banner.getByRole('link', { name: exactly(tr('ru', 'banners.foreign.link')) })).toHaveAttribute('href', /^http:\/\/localhost:\d+\/$/);
    // The international host's service banner is not shown here.
    await expect(page.getByTestId('service-banner')).toHaveCount(0);

    // The Banner that wraps it carries the dismiss button.
    const dismiss = banner.locator('xpath=ancestor::div[.//button][1]').getByRole('button', { name: exactly(tr('ru', 'ui:dismiss')) });
    await dismiss.click();
    await expect(banner).toHaveCount(0);

    const cookie = await waitForCookie(context, 'foreign_banner_dismissed', '1');
    expectLifetime(cookie, YEAR);
    expect(cookie.path).toBe('/');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('foreign-visitor-banner')).toHaveCount(0);
    // Also hidden on other pages of that host.
    await page.goto(`${RU_ORIGIN}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'about:title'));
    await expect(page.getByTestId('foreign-visitor-banner')).toHaveCount(0);
  });

  test('does not show on the international host', async ({ page, context }) => {
    await gotoHydrated(page, '/ru/');
    await expect(page.getByTestId('foreign-visitor-banner')).toHaveCount(0);
    expect(await cookieOf(context, 'foreign_banner_dismissed')).toBeUndefined();
  });
});

test.describe('service banner', () => {
  test('shows on the international host to a non-Russian-speaking visitor', async ({ page }) => {
    await gotoHydrated(page, '/');
    const banner = page.getByTestId('service-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('works with the 2captcha and anti-captcha client libraries');
  });

  for (const locale of ['ru-RU', 'uk', 'be']) {
    test(`is hidden for accept-language ${locale}`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const response = await page.goto('/');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('service-banner')).toHaveCount(0);
      await context.close();
    });
  }

  test('is not shown on the Russian-language host', async ({ page }) => {
    await gotoHydrated(page, `${RU_ORIGIN}/about`);
    await expect(page.getByTestId('service-banner')).toHaveCount(0);
  });
});

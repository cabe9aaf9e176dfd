/**
 * Captcha-type landings (issue 14) in chromium: a landing shows its type's live price (the same
 * figure as the price list), opens its FAQ with the keyboard, leads to the API reference and to
 * the other landings; two landings in en, ru and zh at 1280 and 390 px without sideways scrolling
 * (screenshots to SCREENSHOT_DIR).
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectProblems, gotoHydrated, LANGS, tr, type Lang } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';

const shots = process.env.SCREENSHOT_DIR;
const prefix = (lang: Lang) => (lang === 'en' ? '' : `/${lang}`);

test('a landing: live price as in the price list, FAQ, the docs, another landing', async ({ page, request }) => {
  const problems = collectProblems(page);
  const list = (await (await request.get(`${INTL_ORIGIN}/api/v2/customer/prices?currency=USD`)).json()) as { types: { slug: string; per1000: string }[] };
  const turnstile = list.types.find((r) => r.slug === 'turnstile')!;

  await gotoHydrated(page, `${INTL_ORIGIN}/p/cloudflare-turnstile`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cloudflare Turnstile');
  await expect(page.getByTestId('landing-price')).toContainText(`$${turnstile.per1000}`);
  await expect(page.getByTestId('code-samples')).toContainText('TurnstileTask');

  // The FAQ opens from the keyboard.
  const question = page.locator('summary').first();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('details').first()).toHaveAttribute('open', '');

  // Another landing from the list, then the API reference of its type.
  await page.getByTestId('landing-related').getByRole('link', { name: 'hCaptcha' }).click();
  await expect(page).toHaveURL(/\/p\/hcaptcha$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('hCaptcha');
  await page.getByRole('link', { name: tr('en', 'landings:hero.ctaDocs') }).click();
  await expect(page).toHaveURL(/\/api-docs\/hcaptcha$/);
  expect(problems).toEqual([]);
});

test('from a landing straight to its API reference: the page came with only part of the docs texts, the reference gets all of them', async ({ page }) => {
  const problems = collectProblems(page);
  await gotoHydrated(page, `${INTL_ORIGIN}/p/hcaptcha`);
  await page.getByRole('link', { name: tr('en', 'landings:hero.ctaDocs') }).click();
  await expect(page).toHaveURL(/\/api-docs\/hcaptcha$/);
  await expect(page.getByRole('heading', { name: tr('en', 'apidocs:sections.facts') })).toBeVisible();
  await expect(page.getByText(tr('en', 'apidocs:type.price'), { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an unknown landing is a 404', async ({ page }) => {
  const res = await page.goto(`${INTL_ORIGIN}/p/no-such-captcha`);
  expect(res?.status()).toBe(404);
});

for (const lang of LANGS) {
  test(`${lang}: two landings at 1280 and 390 px`, async ({ page }) => {
    const problems = collectProblems(page);
    for (const slug of ['simple_captcha', 'recaptcha-v2-invisible']) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await gotoHydrated(page, `${INTL_ORIGIN}${prefix(lang)}/p/${slug}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByTestId('landing-price')).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `/p/${slug} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        if (shots) await page.screenshot({ path: path.join(shots, `landing-${slug}-${lang}-${width}.png`), fullPage: true });
      }
    }
    expect(problems).toEqual([]);
  });
}

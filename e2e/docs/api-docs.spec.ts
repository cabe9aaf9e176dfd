/**
 * Developer documentation (issue 13) in chromium: the left navigation and on-page anchors, the
 * API version switch and the sample language tabs (both remembered across pages and reloads), the
 * copy buttons, and the pages in en, ru and zh at 1280 and 390 px (screenshots to SCREENSHOT_DIR).
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectProblems, gotoHydrated, LANGS, tr, type Lang } from '../support/app.ts';
import { INTL_ORIGIN } from '../support/env.ts';

const shots = process.env.SCREENSHOT_DIR;
const prefix = (lang: Lang) => (lang === 'en' ? '' : `/${lang}`);

test('navigation, anchors, version switch, language tabs that persist, copy', async ({ page, context }) => {
  const problems = collectProblems(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: INTL_ORIGIN });
  await gotoHydrated(page, `${INTL_ORIGIN}/api-docs`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'apidocs:home.title'));

  // On-page anchors from the left navigation.
  const nav = page.getByRole('navigation', { name: tr('en', 'apidocs:nav.label') });
  await nav.getByRole('link', { name: tr('en', 'apidocs:sections.limits') }).click();
  await expect(page).toHaveURL(/#limits$/);
  await expect(page.getByRole('heading', { name: tr('en', 'apidocs:sections.limits') })).toBeInViewport();
  await expect(page.getByTestId('ban-table').getByRole('row')).toHaveCount(6);
  await expect(page.getByTestId('errors-in')).toContainText('ERROR_ZERO_BALANCE');

  // A type page from the navigation: both versions' parameters generated, v2 shown first.
  await nav.getByRole('link', { name: 'reCAPTCHA v2' }).click();
  await expect(page).toHaveURL(/\/api-docs\/recaptcha_v2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('reCAPTCHA v2');
  await expect(page.getByTestId('type-price')).toContainText('$');
  const versions = page.getByTestId('version-switch').getByRole('tablist').first();
  await expect(versions.getByRole('tab', { name: tr('en', 'apidocs:versions.v2') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('params-v2')).toBeVisible();
  await expect(page.getByTestId('params-v2')).toContainText('websiteKey');
  await expect(page.getByTestId('params-v1')).toBeHidden();

  // Switch to v1 with the keyboard; the v1 table (googlekey, ERROR_WRONG_GOOGLEKEY) shows.
  await versions.getByRole('tab', { name: tr('en', 'apidocs:versions.v2') }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(versions.getByRole('tab', { name: tr('en', 'apidocs:versions.v1') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('params-v1')).toBeVisible();
  await expect(page.getByTestId('params-v1')).toContainText('googlekey');
  await expect(page.getByTestId('params-v1')).toContainText('ERROR_WRONG_GOOGLEKEY');

  // Pick Go in the v1 samples, copy it.
  const samples = page.getByTestId('params-v1').locator('xpath=ancestor::div[@role="tabpanel"][1]').getByTestId('code-samples');
  await samples.getByRole('tab', { name: 'Go' }).click();
  const goPanel = samples.getByRole('tabpanel').filter({ hasText: 'package main' });
  await expect(goPanel).toBeVisible();
  await goPanel.getByRole('button', { name: tr('en', 'apidocs:samples.copy') }).click();
  await expect(goPanel.getByRole('button', { name: tr('en', 'apidocs:samples.copied') })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('package main');
  expect(copied).toContain('"method": {"userrecaptcha"}');

  // Another page, and a reload: v1 and Go are still chosen.
  await gotoHydrated(page, `${INTL_ORIGIN}/api-docs/turnstile`);
  await expect(page.getByTestId('version-switch').getByRole('tab', { name: tr('en', 'apidocs:versions.v1') }).first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('params-v1')).toBeVisible();
  const visibleSamples = page.getByTestId('code-samples').filter({ visible: true });
  await expect(visibleSamples.getByRole('tab', { name: 'Go' })).toHaveAttribute('aria-selected', 'true');
  await expect(visibleSamples.getByRole('tabpanel').filter({ visible: true })).toContainText('method');

  // A family page lists its types and links to them.
  await gotoHydrated(page, `${INTL_ORIGIN}/geetest-api`);
  await expect(page.getByTestId('family-types').getByRole('link')).toHaveCount(2);
  expect(problems).toEqual([]);
});

test('the mobile navigation folds behind a toggle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, `${INTL_ORIGIN}/ru/api-docs`);
  const toggle = page.getByRole('button', { name: tr('ru', 'apidocs:nav.openMenu') });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('docs-nav')).toBeHidden();
  await toggle.click();
  await expect(page.getByTestId('docs-nav')).toBeVisible();
  await page.getByTestId('docs-nav').getByRole('link', { name: tr('ru', 'apidocs:sections.errors'), exact: true }).click();
  await expect(page).toHaveURL(/#errors$/);
});

for (const lang of LANGS) {
  test(`${lang}: home, a type and a family page at 1280 and 390 px`, async ({ page }) => {
    const problems = collectProblems(page);
    for (const [name, url] of [['home', '/api-docs'], ['type', '/api-docs/normal'], ['guide', '/lang/python'], ['rucaptcha', '/api-rucaptcha'], ['family', '/recaptcha-api']] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await gotoHydrated(page, `${INTL_ORIGIN}${prefix(lang)}${url}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const { overflow, widest } = await page.evaluate(() => {
          const limit = document.documentElement.clientWidth;
          // The outermost elements that stick out, for the failure message.
          const out = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > limit + 1 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > limit + 1));
          return { overflow: document.documentElement.scrollWidth - limit, widest: out.filter((el) => !el.classList.contains('tabs__tab')).slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').slice(0, 30)}" in ${el.parentElement?.className}`) };
        });
        expect(overflow, `${url} at ${width}px scrolls sideways: ${widest.join(', ')}`).toBeLessThanOrEqual(0);
        if (shots) await page.screenshot({ path: path.join(shots, `apidocs-${name}-${lang}-${width}.png`), fullPage: name !== 'home' && name !== 'type' });
      }
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'apidocs:family.title', { name: tr(lang, 'apidocs:families.recaptcha.name') }));
    expect(problems).toEqual([]);
  });
}

import { expect, test, type Page } from '@playwright/test';
import { RU_ORIGIN } from '../support/env.ts';
import { exactly, gotoHydrated, languageButton, tr, type Lang } from '../support/app.ts';

async function chooseLanguage(page: Page, lang: Lang, name: string) {
  const button = languageButton(page);
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const option = page.locator(`a[hreflang="${lang}"]`).filter({ hasText: exactly(name) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
}

test.describe('language switcher', () => {
  test('switches / to Russian (/ru/) and then Chinese (/zh/)', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await chooseLanguage(page, 'ru', 'Русский');
    await expect(page).toHaveURL('/ru/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'home:hero.title'));
    await expect(page.getByRole('button', { name: exactly(tr('ru', 'nav.getStarted')) })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: exactly(tr('ru', 'nav.about')) })).toHaveAttribute('href', '/ru/about');
    await expect(page).toHaveTitle(new RegExp(tr('ru', 'home:meta.title')));

    await chooseLanguage(page, 'zh', '中文');
    await expect(page).toHaveURL('/zh/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('zh', 'home:hero.title'));
    await expect(page.getByRole('button', { name: exactly(tr('zh', 'nav.getStarted')) })).toBeVisible();

    await chooseLanguage(page, 'en', 'English');
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'home:hero.title'));
  });

  test('keeps the page and the query when switching on an inner page', async ({ page }) => {
    await gotoHydrated(page, '/about?ref=x');
    await chooseLanguage(page, 'ru', 'Русский');
    await expect(page).toHaveURL('/ru/about?ref=x');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'about:title'));
    // A reload serves the same language from the server.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'about:title'));
  });

  test('on the Russian-language host, Russian is unprefixed and English is on the international site', async ({ page }) => {
    await gotoHydrated(page, `${RU_ORIGIN}/about`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'about:title'));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${RU_ORIGIN}/about`);
  });
});

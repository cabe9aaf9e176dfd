import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectProblems, gotoHydrated, languageButton, tr } from '../support/app.ts';

/**
 * Pages in languages of other scripts and lengths (issue 20): German, Japanese, Thai and
 * Vietnamese pages hydrate without a console error or hydration warning, show their own heading,
 * fit a 390 px screen without sideways scrolling, and the switcher offers all fifteen languages.
 * With SCREENSHOT_DIR set, each page is captured at 1280 and 390 px.
 */
const shots = process.env.SCREENSHOT_DIR;

const PAGES = [
  { url: '/de/', h1: tr('de', 'home:hero.title') },
  { url: '/de/auth/register', h1: null },
  { url: '/ja/pricing', h1: tr('ja', 'pricing:page.title') },
  { url: '/ja/make-money-online', h1: null },
  { url: '/th/', h1: tr('th', 'home:hero.title') },
  { url: '/th/data', h1: null },
  { url: '/vi/p/simple_captcha', h1: null },
  { url: '/vi/proxy/residential', h1: null },
] as const;

for (const { url, h1 } of PAGES) {
  test(`${url} hydrates in its language and fits 1280 and 390 px`, async ({ page }) => {
    const lang = url.split('/')[1]!;
    const problems = collectProblems(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, url);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const heading = page.getByRole('heading', { level: 1 });
      if (h1) await expect(heading).toHaveText(h1);
      else await expect(heading).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${url} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
      if (shots) await page.screenshot({ path: path.join(shots, `${url.replace(/\//g, '_').replace(/^_|_$/g, '')}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const button = languageButton(page);
    await button.click();
    const list = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(list.locator('a[hreflang]')).toHaveCount(15);
    await page.waitForLoadState('networkidle');
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

import { expect, test } from '@playwright/test';
import { RU_ORIGIN } from '../support/env.ts';
import { collectProblems, gotoHydrated, languageButton, tr } from '../support/app.ts';

/**
 * Server rendering and hydration agree: no console error or warning (React reports hydration
 * mismatches there, or as uncaught errors), no uncaught page error, and the page reacts to
 * clicks afterwards (only a hydrated page toggles the language switcher).
 */
const PAGES: readonly { url: string; lang: string; h1: string | null; status: number }[] = [
  { url: '/', lang: 'en', h1: tr('en', 'home:hero.title'), status: 200 },
  { url: '/about', lang: 'en', h1: tr('en', 'about:title'), status: 200 },
  { url: '/ru/', lang: 'ru', h1: tr('ru', 'home:hero.title'), status: 200 },
  { url: '/zh/', lang: 'zh', h1: tr('zh', 'home:hero.title'), status: 200 },
  { url: '/privacy-policy', lang: 'en', h1: null, status: 200 },
  { url: `${RU_ORIGIN}/`, lang: 'ru', h1: tr('ru', 'home:hero.title'), status: 200 },
  { url: '/no-such-page', lang: 'en', h1: tr('en', 'errors.notFound.title'), status: 404 },
  { url: '/zh/no-such-page', lang: 'zh', h1: tr('zh', 'errors.notFound.title'), status: 404 },
];

/** Chromium reports a 404 document as a failed resource load; that one is expected there. */
function expected404(problem: string) {
  return /^console\.error: Failed to load resource: the server responded with a status of 404/.test(problem);
}

for (const { url, lang, h1, status } of PAGES) {
  test(`${url} hydrates with no console errors or hydration warnings`, async ({ page }) => {
    const problems = collectProblems(page);
    await gotoHydrated(page, url, status);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    if (h1) await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The entry stylesheet is linked, loaded and applied (an empty or missing CSS build shows as a bare page).
    const css = await page.evaluate(() =>
      [...document.styleSheets].filter((sheet) => sheet.href !== null).map((sheet) => ({ href: sheet.href, rules: sheet.cssRules.length })),
    );
    expect(css.length, 'linked stylesheets').toBeGreaterThan(0);
    expect(css.reduce((n, c) => n + c.rules, 0), JSON.stringify(css)).toBeGreaterThan(50);
    await expect(page.getByRole('banner').locator('ul').first()).toHaveCSS('list-style-type', 'none');
    // The switcher opens its list of languages once hydrated.
    const button = languageButton(page);
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(list).toBeVisible();
    await expect(list.locator('a[hreflang]').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // Late effects (tracking calls, lazy chunks) get their chance to complain too.
    await page.waitForLoadState('networkidle');
    const unexpected = status === 404 ? problems.filter((p) => !expected404(p)) : problems;
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  });
}

/**
 * Issue 20 #4: the server-rendered page paints before any of its JavaScript is requested (the
 * scripts would otherwise share a slow link with the stylesheet and the font), and the app still
 * starts after it: the page hydrates and its modules were fetched once each.
 */
for (const url of ['/', '/p/recaptcha-v2']) {
  test(`${url} paints before its JavaScript is requested, then hydrates`, async ({ page }) => {
    const problems = collectProblems(page);
    await gotoHydrated(page, url);
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.endsWith('.js'))
        .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime })),
    }));
    expect(timing.paint, 'first-contentful-paint entry').not.toBeNull();
    expect(timing.scripts.length, 'modules loaded').toBeGreaterThan(3);
    for (const s of timing.scripts) expect(s.start, s.name).toBeGreaterThanOrEqual(timing.paint!);
    expect(new Set(timing.scripts.map((s) => s.name)).size, 'each module fetched once').toBe(timing.scripts.length);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

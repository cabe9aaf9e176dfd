import { expect, test, type Page } from '@playwright/test';
import { exactly, gotoHydrated, scrollY, tr, waitForCookie } from '../support/app.ts';

function footerLink(page: Page, name: string) {
  return page.getByRole('contentinfo').getByRole('link', { name: exactly(name) });
}

function headerLink(page: Page, name: string) {
  return page.getByRole('banner').getByRole('navigation').getByRole('link', { name: exactly(name) });
}

/**
 * The element is where scrolling to it puts it: its top at the page's scroll-padding-top (room for
 * the sticky header) plus its scroll-margin-top, or as close as the page allows at its bottom.
 */
async function expectScrolledTo(page: Page, selector: string) {
  await expect
    .poll(
      () =>
        page.locator(selector).evaluate((el) => {
          const top = el.getBoundingClientRect().top;
          const margin = (parseFloat(getComputedStyle(el).scrollMarginTop) || 0) + (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
          const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
          return Math.abs(top - margin) <= 4 || (atBottom && top >= 0 && top < window.innerHeight);
        }),
      { message: `${selector} scrolled to the top of the viewport` },
    )
    .toBe(true);
}

/** Counts full page loads (document requests) from now on. */
function countDocumentLoads(page: Page) {
  const loads: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document' && req.frame() === page.mainFrame()) loads.push(req.url());
  });
  return loads;
}

test.describe('client-side navigation', () => {
  test('a footer link to /about navigates without a full reload', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'home:hero.title'));
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const loads = countDocumentLoads(page);

    await footerLink(page, tr('en', 'nav.about')).click();
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'about:title'));
    await expect(page).toHaveTitle(new RegExp(tr('en', 'about:meta.title')));
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(loads, 'full page loads').toEqual([]);

    // Back and forward stay in the app too.
    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'home:hero.title'));
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(loads, 'full page loads').toEqual([]);
  });
});

test.describe('scrolling on navigation', () => {
  test('a hash link scrolls to its element; other navigation scrolls to the top', async ({ page }) => {
    await gotoHydrated(page, '/about');
    const loads = countDocumentLoads(page);

    // From another page to a section of the home page.
    await headerLink(page, tr('en', 'nav.workers')).click();
    await expect(page).toHaveURL('/#workers');
    await expect(page.locator('#workers')).toBeInViewport();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    await expectScrolledTo(page, '#workers');

    // Within the home page, to another section.
    await headerLink(page, tr('en', 'nav.captchaTypes')).click();
    await expect(page).toHaveURL('/#captcha-types');
    await expectScrolledTo(page, '#captcha-types');

    // A plain navigation from deep down the page lands at the top of the next page.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await footerLink(page, tr('en', 'footer.terms')).click();
    await expect(page).toHaveURL('/terms-of-service');
    await expect.poll(() => scrollY(page), { message: 'scrollY after navigating to /terms-of-service' }).toBe(0);

    // And back to a page without a hash: top again.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    await footerLink(page, tr('en', 'nav.about')).click();
    await expect(page).toHaveURL('/about');
    await expect.poll(() => scrollY(page), { message: 'scrollY after navigating to /about' }).toBe(0);

    expect(loads, 'full page loads').toEqual([]);
  });

  test('loading a URL with a hash shows that section', async ({ page }) => {
    await page.goto('/#captcha-types');
    // Hydrated once the visit effects have run (no clicks: a click would scroll the page).
    await waitForCookie(page.context(), 'last_visited_page', '/');
    await expect(page.locator('#captcha-types')).toBeInViewport();
    await expectScrolledTo(page, '#captcha-types');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  });
});

test.describe('not found and redirects', () => {
  test('an unknown path answers 404 with a link home', async ({ page }) => {
    const response = await gotoHydrated(page, '/no-such-page', 404);
    expect(response.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'errors.notFound.title'));
    await expect(page).toHaveTitle(tr('en', 'errors.notFound.title'));
    const home = page.getByRole('main').getByRole('link', { name: exactly(tr('en', 'errors.home')) });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'home:hero.title'));
  });

  test('an unknown path under /ru/ answers 404 in Russian with a link to /ru/', async ({ page }) => {
    const response = await page.goto('/ru/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'errors.notFound.title'));
    await expect(page.getByRole('main').getByRole('link', { name: exactly(tr('ru', 'errors.home')) })).toHaveAttribute('href', '/ru/');
  });

  test('/main answers 301 to /', async ({ page, request }) => {
    const direct = await request.get('/main', { maxRedirects: 0 });
    expect(direct.status()).toBe(301);
    expect(direct.headers()['location']).toBe('/');

    const response = await page.goto('/main');
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/main$/);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'home:hero.title'));
  });

  test('/en/about answers 301 to /about', async ({ page, request }) => {
    const direct = await request.get('/en/about?x=1', { maxRedirects: 0 });
    expect(direct.status()).toBe(301);
    expect(direct.headers()['location']).toBe('/about?x=1');
    await page.goto('/en/about');
    await expect(page).toHaveURL('/about');
  });
});

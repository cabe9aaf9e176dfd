/**
 * The price list end to end: /pricing shows exactly what GET /api/v2/customer/prices returns, in
 * the language's currency, and the home page carries the prices in its server-rendered HTML
 * (spec §2), so a client without JavaScript sees them.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PriceList } from '../../shared/contracts/pricing.ts';
import { gotoHydrated, tr } from '../support/app.ts';

const NBSP = '\u00a0';

/** The app's display of an amount: "$0.50" (en), "45,00 ₽" (ru), "¥3.60" (zh); amounts here stay under 1000. */
function display(amount: string, currency: string): string {
  if (currency === 'RUB') return `${amount.replace('.', ',')}${NBSP}₽`;
  if (currency === 'CNY') return `¥${amount}`;
  return `$${amount}`;
}

async function priceList(request: APIRequestContext, currency: string): Promise<PriceList> {
  const res = await request.get(`/api/v2/customer/prices?currency=${currency}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=15');
  return (await res.json()) as PriceList;
}

/** Every type's "price now" on the page equals the API's, in `currency`. */
async function expectPagePrices(page: Page, request: APIRequestContext, currency: string) {
  // Prices are live: another spec's queue could move one after the page was drawn; then draw it again and compare.
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await gotoHydrated(page, new URL(page.url()).pathname);
    const list = await priceList(request, currency);
    expect(list.types.length).toBeGreaterThan(20);
    const shown = await page.locator('[data-testid^="price-"]').evaluateAll((els) =>
      Object.fromEntries(els.map((el) => [el.getAttribute('data-testid')!.slice('price-'.length), el.textContent])),
    );
    expect(shown).toEqual(Object.fromEntries(list.types.map((p) => [p.slug, display(p.per1000, currency)])));
  }).toPass({ timeout: 15_000 });
}

test.describe('pricing', () => {
  test('/pricing in English shows the API prices in dollars, grouped by kind, and switches currency', async ({ page, request }) => {
    await gotoHydrated(page, '/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'pricing:page.title'));
    await expect(page.getByRole('heading', { name: tr('en', 'pricing:table.groups.image.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: tr('en', 'pricing:table.groups.token.title') })).toBeVisible();
    await expectPagePrices(page, request, 'USD');

    const row = page.getByRole('row', { name: new RegExp(tr('en', 'pricing:types.normal').replace(/[()]/g, '\\$&')) });
    // Price now, floor – cap, the worker's rate (then the average time, once tasks were solved).
    const cells = row.getByRole('cell');
    let attempt = 0;
    await expect(async () => {
      if (attempt++ > 0) await gotoHydrated(page, '/pricing');
      const normal = (await priceList(request, 'USD')).types.find((p) => p.slug === 'normal')!;
      expect(await cells.nth(0).textContent()).toBe(display(normal.per1000, 'USD'));
      expect(await cells.nth(1).textContent()).toBe(`${display(normal.floorPer1000, 'USD')} – ${display(normal.capPer1000, 'USD')}`);
      expect(await cells.nth(2).textContent()).toBe(display(normal.workerPer1000, 'USD'));
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: tr('en', 'pricing:live.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: tr('en', 'pricing:consensus.title') })).toBeVisible();

    const currency = page.getByRole('group', { name: tr('en', 'pricing:currency.label') });
    await expect(currency.getByRole('radio', { name: 'USD' })).toBeChecked();
    await currency.getByRole('radio', { name: 'RUB' }).check();
    await expect(currency.getByRole('radio', { name: 'RUB' })).toBeChecked();
    // On an English page roubles keep the English decimal point.
    const rub = await priceList(request, 'RUB');
    await expect(page.getByTestId('price-normal')).toHaveText(`${rub.types.find((p) => p.slug === 'normal')!.per1000}${NBSP}₽`);
  });

  test('/ru/pricing shows the API prices in roubles', async ({ page, request }) => {
    await gotoHydrated(page, '/ru/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'pricing:page.title'));
    await expect(page.getByRole('group', { name: tr('ru', 'pricing:currency.label') }).getByRole('radio', { name: 'RUB' })).toBeChecked();
    await expectPagePrices(page, request, 'RUB');
  });

  test('/zh/pricing starts in yuan', async ({ page, request }) => {
    await gotoHydrated(page, '/zh/pricing');
    await expectPagePrices(page, request, 'CNY');
  });

  test('the raw HTML of the home page contains the price table figures', async ({ request }) => {
    for (const [path, currency] of [['/', 'USD'], ['/ru/', 'RUB']] as const) {
      await expect(async () => {
        const res = await request.get(path);
        expect(res.status()).toBe(200);
        const html = await res.text();
        const list = await priceList(request, currency);
        const figures = [...html.matchAll(/data-testid="price-([a-z0-9_]+)">([^<]+)</g)].map((m) => [m[1], m[2]]);
        expect(figures.length, `price figures in ${path}`).toBeGreaterThanOrEqual(8);
        for (const [slug, text] of figures) expect(text, `${slug} in ${path}`).toBe(display(list.types.find((p) => p.slug === slug)!.per1000, currency));
        expect(html).toContain(tr(currency === 'RUB' ? 'ru' : 'en', 'pricing:home.title'));
      }).toPass({ timeout: 15_000 });
    }
  });

  test('/for-customer shows the steps, the prices and the libraries, with a way to register', async ({ page, request }) => {
    await gotoHydrated(page, '/for-customer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'pricing:forCustomer.hero.title'));
    await expectPagePrices(page, request, 'USD');
    await expect(page.getByText('@2captcha/captcha-solver')).toBeVisible();
    await page.getByRole('link', { name: tr('en', 'pricing:forCustomer.cta.register') }).click();
    await expect(page).toHaveURL('/auth/register?userType=customer');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/registry.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { allSitemaps } from '#server/test/crawler.ts';

/** Spec §2: the home page and the price pages carry the live prices in their server-rendered HTML. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const html = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const price = (page: string, slug: string) => new RegExp(`data-testid="price-${slug}">([^<]+)<`).exec(page)?.[1];

describe('prices in server-rendered pages', () => {
  it.each([
    ['/', '$0.50', '$1.45'],
    ['/pricing', '$0.50', '$1.45'],
    ['/for-customer', '$0.50', '$1.45'],
    ['/ru/', '45,00\u00a0₽', '130,50\u00a0₽'],
    ['/ru/pricing', '45,00\u00a0₽', '130,50\u00a0₽'],
    ['/zh/pricing', '¥3.60', '¥10.44'],
  ])('%s shows the image and reCAPTCHA prices in the language currency', async (url, normal, recaptcha) => {
    const page = await html(url);
    expect(price(page, 'normal')).toBe(normal);
    expect(price(page, 'recaptcha_v2')).toBe(recaptcha);
  });

  it('lists every type on /pricing with the explanations, and a short list on the home page', async () => {
    const pricing = await html('/pricing');
    // Every type of the registry (none is switched off here) has its row.
    expect(pricing.match(/data-testid="price-/g)).toHaveLength(CAPTCHA_TYPES.length);
    expect(pricing).toContain('How the live price works');
    expect(pricing).toContain('100% recognition');
    expect(pricing).toContain('$1.00 to $1.50 per 1000'); // the consensus example: 2 and 3 answers at $0.50
    const home = await html('/');
    expect(home.match(/data-testid="price-/g)).toHaveLength(10);
    expect(home).toContain('href="/pricing"');
  });

  it('lists /pricing and /for-customer in the sitemap', async () => {
    const sitemap = (await allSitemaps(t.app));
    expect(sitemap).toContain('http://localhost:3000/pricing');
    expect(sitemap).toContain('http://localhost:3000/for-customer');
  });
});

/**
 * Social cards and structured data (issue 20 #3): every public page carries OpenGraph and Twitter
 * tags from its own title and description, with a generated 1200×630 preview image per page and
 * language; a captcha-type landing describes itself as a Product whose Offer is the live price,
 * with its breadcrumbs and its questions.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { parsePage } from '#server/test/crawler.ts';
import { wrapText } from './og-image.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', CURRENCY_RATES: 'RUB=90,CNY=7.2' });
});
afterAll(() => t.close());

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return { html: res.body, ...parsePage(res.body, `http://localhost:3000${url}`) };
};

describe('social cards', () => {
  it.each([
    ['/p/recaptcha-v2', 'http://localhost:3000/og/en/p/recaptcha-v2.png', 'en_US'],
    ['/ru/pricing', 'http://localhost:3000/og/ru/pricing.png', 'ru_RU'],
    ['/zh/', 'http://localhost:3000/og/zh.png', 'zh_CN'],
  ])('%s has OpenGraph and Twitter tags from its own title and description', async (url, image, locale) => {
    const p = await page(url);
    expect(p.social['og:title']).toBe(p.title!.replace(/\s*[|—–-]\s*CaptchaHub\s*$/, ''));
    expect(p.social['og:description']).toBe(p.description);
    expect(p.social['og:url']).toBe(p.canonicals[0]);
    expect(p.social['og:locale']).toBe(locale);
    expect(p.social['og:image']).toBe(image);
    expect(p.social['twitter:card']).toBe('summary_large_image');
    expect(p.social['twitter:image']).toBe(image);
  });

  it('the preview image is a 1200×630 PNG, drawn once and then served from memory', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/og/en/p/recaptcha-v2.png' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const again = await t.app.inject({ method: 'GET', url: '/og/en/p/recaptcha-v2.png' });
    expect(again.headers.etag).toBe(first.headers.etag);
    // Another page's image differs (its own title).
    const other = await t.app.inject({ method: 'GET', url: '/og/en/p/hcaptcha.png' });
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it.each(['/og/en/p/no-such-landing.png', '/og/xx/pricing.png', '/og/en/auth/login.png', '/og/en/../pricing.png', '/og/ru/privacy-policy.png'])('%s is not an image', async (url) => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('sign-in pages (noindex) get no cards', async () => {
    expect((await page('/auth/login')).social).toEqual({});
  });

  it('long titles wrap by words, Chinese by characters, and stop with an ellipsis', () => {
    expect(wrapText('one two three four five', 5.5, 3)).toEqual(['one two', 'three', 'four five']);
    expect(wrapText('验证码识别服务验证码识别服务', 4, 2)).toEqual(['验证码识', '别服务…']);
  });
});

describe('structured data', () => {
  it('a landing is a Product with the live price as its Offer, with breadcrumbs and its questions', async () => {
    for (const [url, currency] of [['/p/recaptcha-v2', 'USD'], ['/ru/p/recaptcha-v2', 'RUB']] as const) {
      const p = await page(url);
      const amount = /data-testid="landing-price" data-amount="([^"]+)"/.exec(p.html)![1];
      const graph = (p.jsonLd[0] as { '@graph': Record<string, unknown>[] })['@graph'];
      const product = graph.find((x) => x['@type'] === 'Product') as { offers: { price: string; priceCurrency: string }; name: string };
      expect(product.offers).toMatchObject({ price: amount, priceCurrency: currency });
      const crumbs = graph.find((x) => x['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; item: string }[] };
      expect(crumbs.itemListElement.map((i) => i.position)).toEqual([1, 2, 3]);
      expect(crumbs.itemListElement.at(-1)!.item).toBe(p.canonicals[0]);
      const faq = graph.find((x) => x['@type'] === 'FAQPage') as { mainEntity: { name: string }[] };
      expect(faq.mainEntity.length).toBeGreaterThan(2);
      for (const q of faq.mainEntity) expect(p.html).toContain(`<summary>${q.name.replace(/'/g, '&#x27;').replace(/"/g, '&quot;')}</summary>`);
    }
  });

  it('a proxy landing is a Product with an Offer per price it shows (per GB or per IP), with its breadcrumbs', async () => {
    for (const [url, currency] of [['/proxy/residential', 'USD'], ['/ru/proxy/local-proxies/de', 'RUB']] as const) {
      const p = await page(url);
      const shown = [...p.html.matchAll(/data-amount="([^"]+)"/g)].map((m) => m[1]);
      expect(shown.length, url).toBeGreaterThan(0);
      const graph = (p.jsonLd[0] as { '@graph': Record<string, unknown>[] })['@graph'];
      const product = graph.find((x) => x['@type'] === 'Product') as { url: string; offers: { price: string; priceCurrency: string }[] };
      expect(product.offers.map((o) => o.price), url).toEqual(shown);
      expect(new Set(product.offers.map((o) => o.priceCurrency)), url).toEqual(new Set([currency]));
      expect(product.url).toBe(p.canonicals[0]);
      const crumbs = graph.find((x) => x['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; item: string }[] };
      expect(crumbs.itemListElement.map((i) => i.position)).toEqual([1, 2, 3]);
      expect(crumbs.itemListElement.at(-1)!.item).toBe(p.canonicals[0]);
    }
  });

  it('the home page names the organisation', async () => {
    const p = await page('/');
    expect(p.jsonLd).toContainEqual(expect.objectContaining({ '@type': 'Organization', name: 'CaptchaHub', url: 'http://localhost:3000/' }));
  });
});

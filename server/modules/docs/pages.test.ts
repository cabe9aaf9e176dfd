/**
 * The documentation pages are rendered on the server with their content (generated from the
 * registry), in en, ru and zh, with a canonical link and hreflang alternates, listed in the
 * sitemap, and served from the page cache to anonymous visitors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import { DOC_FAMILIES, GUIDE_LANGUAGES } from '#shared/captcha-types/docs/catalog.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { csrfTokenFor } from '#server/test/factories.ts';
import { allSitemaps } from '#server/test/crawler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const html = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

describe('documentation pages', () => {
  it('/api-docs: every section, every type and the generated tables in the HTML', async () => {
    const page = await html('/api-docs');
    for (const id of ['quick-start', 'versions', 'common', 'types', 'pingback', 'proxies', 'languages', 'soft-id', 'consensus', 'sandbox', 'debugging', 'legacy', 'errors', 'limits', 'changelog']) {
      expect(page, id).toContain(`id="${id}"`);
    }
    for (const def of CAPTCHA_TYPES) expect(page).toContain(`href="/api-docs/${def.slug}"`);
    expect(page).toContain('ERROR_ZERO_BALANCE');
    expect(page).toContain('MAX_USER_TURN');
    expect(page).toContain('href="/api/v1/api-docs/openapi.json"');
    expect(page).toContain('<link rel="canonical" href="http://localhost:3000/api-docs"');
    expect(page).toMatch(/hreflang="ru" href="[^"]*\/ru\/api-docs"/i);
  });

  it.each([
    ['/api-docs/normal', 'Image captcha (text)', 'ImageToTextTask'],
    ['/ru/api-docs/recaptcha_v2', 'Полный адрес страницы с капчей, начиная с http:// или https://.', 'RecaptchaV2TaskProxyless'],
    ['/zh/api-docs/hcaptcha', '您得到 h-captcha-response 令牌', 'HCaptchaTaskProxyless'],
  ])('%s renders the type with its tables and samples', async (url, text, v2Type) => {
    const page = await html(url);
    expect(page).toContain(text);
    expect(page).toContain(v2Type);
    expect(page).toContain('CAPTCHA_API_KEY'); // the samples are in the HTML
    expect(page).toContain('data-testid="params-v1"');
    expect(page).toContain('data-testid="params-v2"');
  });

  it.each(DOC_FAMILIES.map((f) => `/${f}-api`))('%s lists its types', async (url) => {
    const page = await html(url);
    expect(page).toContain('data-testid="family-types"');
  });

  it('/lang lists the guides; each /lang/{language} shows its program; /api-rucaptcha gives the address', async () => {
    const index = await html('/lang');
    for (const language of GUIDE_LANGUAGES) expect(index).toContain(`href="/lang/${language}"`);
    expect(await html('/lang/python')).toContain('urllib.request');
    expect(await html('/ru/lang/go')).toContain('package main');
    expect(await html('/zh/lang/csharp')).toContain('System.Text.Json');
    expect(await html('/api-rucaptcha')).toContain('data-testid="ru-url"');
  });

  it('other language prefixes fall back to English (the docs are en, ru and zh)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/de/api-docs' });
    expect([301, 302, 307, 308]).toContain(res.statusCode);
    expect(res.headers.location).toMatch(/\/api-docs$/);
  });

  it('the sitemap lists the home, every type and every family in en, ru and zh', async () => {
    const xml = await allSitemaps(t.app);
    for (const def of CAPTCHA_TYPES) {
      expect(xml).toContain(`<loc>http://localhost:3000/api-docs/${def.slug}</loc>`);
      expect(xml).toContain(`<loc>http://localhost:3000/ru/api-docs/${def.slug}</loc>`);
    }
    for (const family of DOC_FAMILIES) expect(xml).toContain(`<loc>http://localhost:3000/zh/${family}-api</loc>`);
  });

  it('anonymous views are served from the page cache', async () => {
    const headers = { cookie: `csrf_token=${csrfTokenFor(t)}` };
    const first = await t.app.inject({ method: 'GET', url: '/api-docs/turnstile', headers });
    const second = await t.app.inject({ method: 'GET', url: '/api-docs/turnstile', headers });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toContain('s-maxage');
  });
});

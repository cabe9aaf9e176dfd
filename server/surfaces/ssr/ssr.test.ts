import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { parseSitemap } from '#server/test/crawler.ts';
import { LANGUAGES } from '#shared/i18n/languages.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RU_URL: 'http://ru.localhost:3000' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function links(html: string, rel: string) {
  return [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*>`, 'g'))].map((m) => m[0]);
}

describe('server-rendered pages', () => {
  it.each([
    ['/', 'en', 'Captchas solved by people', 'http://localhost:3000/'],
    ['/ru/', 'ru', null, 'http://ru.localhost:3000/'],
    ['/zh/', 'zh', null, 'http://localhost:3000/zh/'],
  ])('%s renders a whole translated document', async (url, lang, text, canonical) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`<html lang="${lang}"`);
    if (text) expect(html).toContain(text);
    expect(links(html, 'canonical')).toEqual([`<link rel="canonical" href="${canonical}"/>`]);
    const alternates = links(html, 'alternate').map((l) => /hrefLang="([^"]+)"/.exec(l)![1]);
    expect(alternates).toEqual([...LANGUAGES, 'x-default']); // the home page is declared in all fifteen
    expect(html).toContain('window.__APP__=');
  });

  it('translates the page, not only the chrome', async () => {
    const [en, ru, zh] = await Promise.all([get('/about'), get('/ru/about'), get('/zh/about')]);
    const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)![1];
    expect(h1(en.body)).toBe('About CaptchaHub');
    expect(h1(ru.body)).not.toBe(h1(en.body));
    expect(h1(zh.body)).not.toBe(h1(en.body));
    expect(h1(ru.body)).toMatch(/[а-яА-Я]/);
    expect(h1(zh.body)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('redirects /en/... to the unprefixed path and /main home, permanently', async () => {
    const en = await get('/en/about?x=1');
    expect(en.statusCode).toBe(301);
    expect(en.headers.location).toBe('/about?x=1');
    const main = await get('/main');
    expect(main.statusCode).toBe(301);
    expect(main.headers.location).toBe('/');
  });

  it('sends a language the page lacks to English instead of failing', async () => {
    const ru = await get('/ru/privacy-policy');
    expect(ru.statusCode).toBe(302);
    expect(ru.headers.location).toBe('/privacy-policy');
    const de = await get('/de/terms-of-service');
    expect(de.statusCode).toBe(302);
    expect(de.headers.location).toBe('/terms-of-service');
    const privacy = await get('/privacy-policy');
    expect(privacy.statusCode).toBe(200);
    expect(links(privacy.body, 'alternate').length).toBe(2); // en and x-default
  });

  it('answers unknown paths with the 404 page', async () => {
    for (const url of ['/no-such-page', '/ru/no-such-page', '/xx/about', '/about/extra']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('404');
      expect(res.headers['content-type']).toContain('text/html');
    }
    const ru = await get('/ru/no-such-page');
    expect(ru.body).toContain('<html lang="ru"');
  });

  it('unknown API paths answer JSON, not a page', async () => {
    const res = await get('/api/v9/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('a sitemap index per host lists one sitemap per language whose pages live on that host', async () => {
    const ru = { host: 'ru.localhost:3000' };
    const sitemapsOf = async (headers: Record<string, string> = {}) => parseSitemap((await get('/sitemap.xml', headers)).body).sitemaps;
    const intl = await sitemapsOf();
    expect(intl).toContain('http://localhost:3000/sitemap-en.xml');
    expect(intl).toContain('http://localhost:3000/sitemap-zh.xml');
    expect(intl).not.toContain('http://localhost:3000/sitemap-ru.xml');
    expect(await sitemapsOf(ru)).toEqual(['http://ru.localhost:3000/sitemap-ru.xml']);
    expect((await get('/robots.txt')).body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect((await get('/robots.txt', ru)).body).toContain('Sitemap: http://ru.localhost:3000/sitemap.xml');
    // Asked on the other host, a language's sitemap moves to its own; an unknown language has none.
    const moved = await get('/sitemap-ru.xml');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('http://ru.localhost:3000/sitemap-ru.xml');
    expect((await get('/sitemap-xx.xml')).statusCode).toBe(404);

    const entries = async (lang: string, headers: Record<string, string> = {}) => parseSitemap((await get(`/sitemap-${lang}.xml`, headers)).body).urls;
    const [en, zh, ruUrls] = await Promise.all([entries('en'), entries('zh'), entries('ru', ru)]);
    const locs = (xs: typeof en) => xs.map((u) => u.loc);
    expect(locs(en)).toContain('http://localhost:3000/');
    expect(locs(en)).toContain('http://localhost:3000/privacy-policy');
    expect(locs(ruUrls)).toContain('http://ru.localhost:3000/about');
    expect(locs(zh)).toContain('http://localhost:3000/zh/terms-of-service');
    expect(locs(zh)).not.toContain('http://localhost:3000/zh/privacy-policy');
    // Reciprocal alternates: /about lists every declared language and an English x-default, the same in each language's sitemap.
    const about = (xs: typeof en, loc: string) => xs.find((u) => u.loc === loc)!.alternates.map((a) => `${a.hreflang} ${a.href}`);
    const expected = about(en, 'http://localhost:3000/about');
    expect(expected).toEqual(expect.arrayContaining(['en http://localhost:3000/about', 'ru http://ru.localhost:3000/about', 'zh http://localhost:3000/zh/about', 'x-default http://localhost:3000/about']));
    expect(about(ruUrls, 'http://ru.localhost:3000/about')).toEqual(expected);
    expect(about(zh, 'http://localhost:3000/zh/about')).toEqual(expected);
  });

  it('renders Russian unprefixed on the Russian-language host', async () => {
    const res = await get('/about', { host: 'ru.localhost:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ru"');
  });

  it('sends security headers, a script-hash CSP and a CSRF cookie', async () => {
    const res = await get('/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(res.headers['content-security-policy']).not.toContain('nonce-');
    expect(res.cookies.find((c) => c.name === 'csrf_token')).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('compresses text responses', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('health', () => {
  it('is alive and ready with a reachable database', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });
});

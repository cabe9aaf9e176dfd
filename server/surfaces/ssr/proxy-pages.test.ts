/**
 * The proxy pages (issue 17) on the server: the ten type landings and the local-proxy pages answer
 * 200 in en, ru and zh with the live price in the language's currency, unknown slugs are 404, the
 * console pages send anonymous visitors to sign in, and the public pages are in the sitemap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#shared/i18n/locales/en/proxy.json';
import ru from '#shared/i18n/locales/ru/proxy.json';
import zh from '#shared/i18n/locales/zh/proxy.json';
import { PROXY_COUNTRIES, PROXY_LANDINGS } from '#shared/proxy/catalog.ts';
import { createSubUser, purchase } from '#server/modules/proxy/proxy.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { allSitemaps } from '#server/test/crawler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', CURRENCY_RATES: 'RUB=90,CNY=7.2' });
});
afterAll(() => t.close());

const html = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const escape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;').replaceAll('<', '&lt;');

const LANGS = [
  ['en', '', en, '$3.00'],
  ['ru', '/ru', ru, '270,00\u00a0₽'],
  ['zh', '/zh', zh, '¥21.60'],
] as const;

describe('proxy landings', () => {
  it.each(LANGS)('the ten type landings answer in %s with their copy and live price', async (lang, prefix, catalogue, residentialPrice) => {
    for (const l of PROXY_LANDINGS) {
      const page = await html(`${prefix}/proxy/${l.slug}`);
      expect(page, l.slug).toContain(`<html lang="${lang}"`);
      // Rendered markup, not the catalogue the page embeds for hydration.
      expect(page, l.slug).toContain(`<h1 class="page-header__title">${escape(catalogue.landing.types[l.key].title)}</h1>`);
      expect(page, l.slug).toContain(`<p class="page-header__lead">${escape(catalogue.landing.types[l.key].lead)}</p>`);
      expect(page, l.slug).toContain(`data-offer="${l.planType}:`);
    }
    expect(await html(`${prefix}/proxy/residential`)).toContain(residentialPrice);
  });

  it.each(LANGS)('the local-proxy index and ten countries answer in %s', async (_lang, prefix, catalogue) => {
    const index = await html(`${prefix}/proxy/local-proxies`);
    for (const c of PROXY_COUNTRIES) {
      expect(index).toContain(`/proxy/local-proxies/${c}`);
      const page = await html(`${prefix}/proxy/local-proxies/${c}`);
      expect(page, c).toContain(`<p class="page-header__lead">${escape(catalogue.countries[c].lead)}</p>`);
    }
  });

  it('answers unknown slugs with 404 and sends anonymous visitors of the console to sign in', async () => {
    for (const url of ['/proxy/teleport', '/proxy/local-proxies/xx']) expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    for (const url of ['/proxy', '/proxy/users', '/proxy/ip-whitelist', '/proxy/statistics']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/auth/login?return_to=${encodeURIComponent(url)}`);
    }
  });

  it('lists the public proxy pages in the sitemap, not the console', async () => {
    const sitemap = (await allSitemaps(t.app));
    for (const path of ['/proxy/residential', '/proxy/anonymous', '/proxy/local-proxies/pt', '/proxy/api', '/proxy/pricing']) expect(sitemap, path).toContain(`${path}</loc>`);
    expect(sitemap).not.toContain('/proxy/users<');
  });

  it('renders every proxy page, the console signed in, in three languages without a raw catalogue key', async () => {
    const user = await buildUser(t, { balance: '10.00' });
    const ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
    await purchase(ctx, user.id, { planType: 'residential', unit: 'gb', quantity: 1 });
    await createSubUser(ctx, user.id, { label: 'ssr' });
    const cookie = await sessionCookieFor(t, user.id);
    const paths = ['/proxy', '/proxy/users', '/proxy/ip-whitelist', '/proxy/statistics', '/proxy/api', '/proxy/pricing', '/proxy/local-proxies', ...PROXY_LANDINGS.map((l) => `/proxy/${l.slug}`), ...PROXY_COUNTRIES.map((c) => `/proxy/local-proxies/${c}`)];
    for (const [, prefix] of LANGS) {
      for (const path of paths) {
        const res = await t.app.inject({ url: `${prefix}${path}`, headers: { cookie } });
        expect(res.statusCode, `${prefix}${path}`).toBe(200);
        const body = res.body.slice(0, res.body.indexOf('window.__APP__') > 0 ? res.body.indexOf('window.__APP__') : undefined);
        expect(body.match(/>\s*(nav|meta|buy|generator|dashboard|users|whitelist|stats|landing|local|docs|pricing|countries|types|units|protocols|errors)\.[\w.]+\s*</g), `${prefix}${path}`).toBeNull();
      }
    }
  }, 60_000);
});

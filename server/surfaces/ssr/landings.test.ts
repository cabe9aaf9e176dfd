/**
 * The captcha-type landings `/p/{slug}` (issue 14) render on the server in en, ru and zh with the
 * type's live price in the language's currency and the average solve time from the statistics
 * roll-up; unknown slugs are 404, the other /p/ pages keep their own routes, the landings are in
 * the sitemap and served to anonymous visitors from the page cache.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceList } from '#shared/contracts/pricing.ts';
import { LANDINGS } from '#shared/landings/catalog.ts';
import { rollUpStatistics } from '#server/modules/statistics/statistics.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, csrfTokenFor } from '#server/test/factories.ts';
import { formatPrice } from '#web/features/pricing/format.ts';
import { allSitemaps } from '#server/test/crawler.ts';

let t: TestApp;
const lists = new Map<string, PriceList>();

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', CURRENCY_RATES: 'RUB=90,CNY=7.2' });
  // Two image captchas solved within the hour, 6 s and 7 s from upload to answer: 6.5 s on average.
  const customer = await buildUser(t);
  for (const seconds of [6, 7]) {
    await t.database.db.execute(sql`
      insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts,
        expires_at, created_at, assigned_at, ended_at)
      values (${customer.id}, 'normal', 'image', 'solved', '{}'::jsonb, 500, 300, 'v1', '127.0.0.1', 3,
        now() + interval '1 hour', now() - interval '10 minutes', now() - interval '10 minutes' + interval '1 second',
        now() - interval '10 minutes' + make_interval(secs => ${seconds}))`);
  }
  expect(await rollUpStatistics({ db: t.database.db })).toBe(true);
  for (const currency of ['USD', 'RUB', 'CNY']) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/customer/prices?currency=${currency}` });
    expect(res.statusCode).toBe(200);
    lists.set(currency, res.json<PriceList>());
  }
});
afterAll(() => t.close());

const html = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

const LANGS = [
  ['en', '', 'USD'],
  ['ru', '/ru', 'RUB'],
  ['zh', '/zh', 'CNY'],
] as const;

describe('captcha-type landings', () => {
  const cases = LANDINGS.filter((l) => l.spec).flatMap((l) => LANGS.map(([lang, prefix, currency]) => [`${prefix}/p/${l.slug}`, l.type, lang, currency] as const));
  it.each(cases)('%s answers 200 with the live price of %s', async (url, type, lang, currency) => {
    const page = await html(url);
    const row = lists.get(currency)!.types.find((r) => r.slug === type)!;
    expect(page).toContain(`data-amount="${row.per1000}"`);
    expect(page).toContain(formatPrice(row.per1000, currency, lang));
    expect(page).toContain(`<html lang="${lang}"`);
    expect(page).toContain('data-testid="code-samples"');
  });

  it('every other landing answers 200 too', async () => {
    for (const l of LANDINGS.filter((x) => !x.spec)) {
      const page = await html(`/p/${l.slug}`);
      expect(page, l.slug).toContain('data-testid="landing-price"');
    }
  });

  it.each([
    ['/p/simple_captcha', '6.5 s'],
    ['/ru/p/simple_captcha', '6,5 с'],
    ['/zh/p/simple_captcha', '6.5 秒'],
  ])('%s shows the average solve time of the last 24 hours', async (url, time) => {
    const page = await html(url);
    expect(page).toMatch(new RegExp(`data-testid="landing-time"[\\s\\S]*?${time.replace('.', '\\.')}<`));
  });

  it('a type without solved tasks says so instead of inventing a time', async () => {
    expect(await html('/p/hcaptcha')).toContain('No solved tasks in the last 24 hours');
  });

  it('names the type, links its API reference, and carries canonical and hreflang', async () => {
    const page = await html('/p/cloudflare-turnstile');
    expect(page).toContain('<h1 class="page-header__title">Cloudflare Turnstile</h1>');
    expect(page).toContain('href="/api-docs/turnstile"');
    expect(page).toContain('<link rel="canonical" href="http://localhost:3000/p/cloudflare-turnstile"');
    expect(page).toMatch(/hreflang="zh" href="[^"]*\/zh\/p\/cloudflare-turnstile"/i);
    expect(await html('/ru/p/recaptcha-v2-invisible')).toContain('Невидимая reCAPTCHA v2');
  });

  it('unknown /p/ slugs are 404 and the other /p/ pages keep their routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/p/no-such-captcha' })).statusCode).toBe(404);
    const promo = await html('/p/promocode');
    expect(promo).not.toContain('data-testid="landing-price"');
    const admin = await t.app.inject({ method: 'GET', url: '/p/admin' });
    expect(admin.statusCode).not.toBe(200);
  });

  it('the sitemap lists every landing in en, ru and zh', async () => {
    const xml = await allSitemaps(t.app);
    for (const l of LANDINGS) {
      expect(xml).toContain(`<loc>http://localhost:3000/p/${l.slug}</loc>`);
      expect(xml).toContain(`<loc>http://localhost:3000/ru/p/${l.slug}</loc>`);
      expect(xml).toContain(`<loc>http://localhost:3000/zh/p/${l.slug}</loc>`);
    }
  });

  it('anonymous views are served from the page cache', async () => {
    const headers = { cookie: `csrf_token=${csrfTokenFor(t)}` };
    const first = await t.app.inject({ method: 'GET', url: '/p/geetest', headers });
    const second = await t.app.inject({ method: 'GET', url: '/p/geetest', headers });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toContain('s-maxage');
  });
});

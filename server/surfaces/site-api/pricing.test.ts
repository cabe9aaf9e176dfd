import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import type { PriceList, TypePrice } from '#shared/contracts/pricing.ts';
import { invalidateCatalogCache } from '#server/modules/catalog/catalog.service.ts';
import { upsertTypeSetting } from '#server/modules/catalog/catalog.repo.ts';
import { FULL_LOAD } from '#server/modules/pricing/pricing.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';

let t: TestApp;

async function prices(query = ''): Promise<{ status: number; body: PriceList; headers: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/customer/prices${query}` });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const row = (list: PriceList, slug: string): TypePrice => {
  const found = list.types.find((p) => p.slug === slug);
  if (!found) throw new Error(`no ${slug} in the list`);
  return found;
};

beforeAll(async () => {
  // 92.345 makes the half-up rounding visible: 0.5 × 92.345 = 46.1725, 1 × 92.345 = 92.345.
  t = await buildTestApp({ CURRENCY_RATES: 'RUB=92.345, cny=7.2' });
  // One hour of solved normal captchas averaging 12.5 s, read by the price list.
  await t.database.db.execute(sql`
    insert into stats_hourly (hour, type, submitted, solved, spend, earned, turnaround_ms_sum)
    values (date_trunc('hour', now()), 'normal', 4, 4, 2000, 1200, 50000)`);
});
afterAll(async () => t?.close());
beforeEach(() => t.app.market.set({}, 0));

describe('GET /api/v2/customer/prices', () => {
  it('lists every enabled type in USD by default, at the floor without load, for anyone', async () => {
    const { status, body, headers } = await prices();
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=15');
    expect(body.currency).toBe('USD');
    expect(body.rate).toBe('1');
    expect(body.currencies).toEqual(['USD', 'RUB', 'CNY']);
    expect(body.fullLoad).toBe(FULL_LOAD);
    expect(body.types.map((p) => p.slug)).toEqual(CAPTCHA_TYPES.map((d) => d.slug));
    expect(row(body, 'normal')).toEqual({
      slug: 'normal',
      nameKey: 'pricing:types.normal',
      kind: 'image',
      v1Methods: ['post', 'base64'],
      v2Types: ['ImageToTextTask'],
      per1000: '0.50',
      floorPer1000: '0.50',
      capPer1000: '1.00',
      workerPer1000: '0.30',
      workerShare: 0.6,
      load: 0,
      avgSolveSeconds: 12.5,
    });
    expect(row(body, 'recaptcha_v2').kind).toBe('token');
    expect(row(body, 'recaptcha_v2')).not.toHaveProperty('avgSolveSeconds');
  });

  it('answers a signed-in user the same', async () => {
    const user = await buildUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/customer/prices', headers: { cookie: await sessionCookieFor(t, user.id) } });
    expect(res.statusCode).toBe(200);
    expect(res.json<PriceList>().types.length).toBe(CAPTCHA_TYPES.length);
  });

  it('converts exactly with the configured rates, rounding half up to the minor unit', async () => {
    const rub = (await prices('?currency=RUB')).body;
    expect(rub.currency).toBe('RUB');
    expect(rub.rate).toBe('92.345');
    expect(row(rub, 'normal')).toMatchObject({ per1000: '46.17', floorPer1000: '46.17', capPer1000: '92.35', workerPer1000: '27.70' });

    const cny = (await prices('?currency=cny')).body; // any case
    expect(cny.currency).toBe('CNY');
    expect(row(cny, 'normal')).toMatchObject({ per1000: '3.60', floorPer1000: '3.60', capPer1000: '7.20', workerPer1000: '2.16' });
  });

  it('moves the price with the load from the floor to the cap', async () => {
    // 11 queued per 2 idle workers = load 5.5, halfway between 1 and FULL_LOAD: 0.50 + 0.5 × 0.50.
    t.app.market.set({ normal: 11 }, 2);
    const half = row((await prices()).body, 'normal');
    expect(half).toMatchObject({ per1000: '0.75', floorPer1000: '0.50', capPer1000: '1.00', workerPer1000: '0.45', load: 5.5 });
    expect(row((await prices('?currency=RUB')).body, 'normal').per1000).toBe('69.26'); // 0.75 × 92.345 = 69.25875

    t.app.market.set({ normal: 1 }, 1);
    expect(row((await prices()).body, 'normal').per1000).toBe('0.50');

    t.app.market.set({ normal: 500 }, 1); // far above full load: held at the cap
    const capped = row((await prices()).body, 'normal');
    expect(capped).toMatchObject({ per1000: '1.00', workerPer1000: '0.60', load: 500 });
    // Other types keep their floor.
    const grid = CAPTCHA_TYPES.find((d) => d.slug === 'grid')!;
    expect(row((await prices()).body, 'grid').per1000).toBe(grid.price.floorPer1000);
  });

  it('refuses a currency without a rate with UNSUPPORTED_CURRENCY, and a malformed one as invalid', async () => {
    const eur = await t.app.inject({ method: 'GET', url: '/api/v2/customer/prices?currency=EUR' });
    expect(eur.statusCode).toBe(400);
    expect(eur.json()).toEqual({
      error: { code: 'UNSUPPORTED_CURRENCY', message: 'Prices are not available in EUR.', details: { supported: ['USD', 'RUB', 'CNY'] } },
    });
    for (const bad of ['US', 'rubles', '12', '']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/customer/prices?currency=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code, bad).toBe('VALIDATION_FAILED');
    }
  });

  it('leaves out types an admin switched off', async () => {
    const admin = await buildUser(t, { admin: true });
    await upsertTypeSetting(t.database.db, 'rotate', false, admin.id);
    invalidateCatalogCache();
    const { body } = await prices();
    expect(body.types.map((p) => p.slug)).not.toContain('rotate');
    expect(body.types).toHaveLength(CAPTCHA_TYPES.length - 1);
    await upsertTypeSetting(t.database.db, 'rotate', true, admin.id);
    invalidateCatalogCache();
    expect((await prices()).body.types.map((p) => p.slug)).toContain('rotate');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import { parseMoney } from '#shared/money.ts';
import { quote } from '#server/modules/pricing/pricing.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { signSandboxPayload, type SandboxEventBody } from '#server/modules/payments/providers/sandbox.ts';
import { flushCampaignUsage, onCampaignChange } from './campaigns.service.ts';
import { redeemPromoCode } from './promo-codes.service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let adminHeaders: Record<string, string>;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from users where id = ${id}`))[0]!.b);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(25);
  }
};

/** A signed-in browser: session cookie plus the CSRF pair bound to it. */
async function browserOf(userId: number) {
  return browserHeaders(t, await sessionCookieFor(t, userId));
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', PAYMENTS_SANDBOX: 'true' });
  admin = await buildUser(t, { admin: true });
  adminHeaders = await browserOf(admin.id);
});
afterAll(() => t.close());

let seq = 0;
async function createCode(body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/admin/promo-codes', headers: adminHeaders, payload: { code: `TEST${++seq}${Date.now() % 100000}`, maxUses: 10, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number; code: string }>();
}

/** Starts a sandbox top-up (with a promo code) and delivers its approval webhook `times` times concurrently. */
async function payWithCode(userId: number, amount: string, promoCode: string | undefined, times = 1) {
  const headers = await browserOf(userId);
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/payments', headers, payload: { amount, provider: 'sandbox', ...(promoCode ? { promoCode } : {}) } });
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.json<{ error: { code: string; details?: { reason?: string } } }>() };
  const { paymentId, redirectUrl } = res.json<{ paymentId: number; redirectUrl: string }>();
  const ref = /(sbx_[0-9a-f]+)$/.exec(redirectUrl)![1]!;
  const body: SandboxEventBody = { id: `evt_${ref}`, type: 'checkout.approved', data: { ref, client_reference: String(paymentId), amount_minor: Math.round(Number(amount) * 100), currency: 'USD' } };
  const text = JSON.stringify(body);
  const signature = signSandboxPayload(t.app.payments.sandboxSecret!, text);
  const results = await Promise.all(
    Array.from({ length: times }, () =>
      t.app.inject({ method: 'POST', url: '/webhooks/payments/sandbox', headers: { 'content-type': 'application/json', 'sandbox-signature': signature }, payload: text }),
    ),
  );
  for (const r of results) expect(r.statusCode, r.body).toBe(200);
  return { status: 200, paymentId };
}

describe('promo codes', () => {
  it('a bonus code is checked before paying and credited once with the top-up, as its own promo entry', async () => {
    const code = await createCode({ kind: 'bonus', bonusPercent: 10 });
    const customer = await buildUser(t, { balance: '1.00' });
    const headers = await browserOf(customer.id);
    const check = await t.app.inject({ method: 'POST', url: '/api/v2/promo-codes/check', headers, payload: { code: code.code.toLowerCase(), amount: '25' } });
    expect(check.json()).toMatchObject({ code: code.code, kind: 'bonus', bonusPercent: 10, amount: '2.50' });

    const { paymentId } = await payWithCode(customer.id, '25', code.code, 5);
    expect(await balanceOf(customer.id)).toBe(1_000_000 + 25_000_000 + 2_500_000);
    expect(await ledgerOf(customer.id)).toBe(await balanceOf(customer.id));
    const promo = await q<{ amount: number; payment_id: number }>(sql`select amount, payment_id from ledger_entries where user_id = ${customer.id} and kind = 'promo'`);
    expect(promo.map((p) => [Number(p.amount), Number(p.payment_id)])).toEqual([[2_500_000, paymentId]]);
    const [row] = await q<{ promo_code_id: number }>(sql`select promo_code_id from payments where id = ${paymentId}`);
    expect(Number(row!.promo_code_id)).toBe(code.id);

    // Once per user: a second top-up with the same code is refused before paying.
    const again = await payWithCode(customer.id, '10', code.code);
    expect(again.status).toBe(409);
    expect((again as { body: { error: { details?: { reason?: string } } } }).body.error.details?.reason).toBe('used');
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/admin/promo-codes', headers: adminHeaders });
    expect(list.json<{ id: number }[]>().find((c) => c.id === code.id)).toMatchObject({ uses: 1, credited: '2.50', status: 'active' });
  });

  it('refuses unknown, paused, expired codes and a credit code on a top-up; a top-up without a bonus still credits when the code ran out meanwhile', async () => {
    const customer = await buildUser(t, { balance: '0' });
    const headers = await browserOf(customer.id);
    const check = (code: string) => t.app.inject({ method: 'POST', url: '/api/v2/promo-codes/check', headers, payload: { code } });
    expect((await check('NOSUCHCODE')).json().error.details.reason).toBe('unknown');
    const paused = await createCode({ kind: 'bonus', bonusPercent: 5 });
    await t.app.inject({ method: 'PUT', url: `/api/v2/admin/promo-codes/${paused.id}/paused`, headers: adminHeaders, payload: { paused: true } });
    expect((await check(paused.code)).json().error.details.reason).toBe('paused');
    const expired = await createCode({ kind: 'bonus', bonusPercent: 5, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await check(expired.code)).json().error.details.reason).toBe('expired');
    const credit = await createCode({ kind: 'credit', amount: '3' });
    expect((await payWithCode(customer.id, '5', credit.code)).status).toBe(409);

    const one = await createCode({ kind: 'bonus', bonusPercent: 20, maxUses: 1 });
    const other = await buildUser(t, { balance: '0' });
    // Both start with the code while one use is left; the first credited takes it.
    const headersOther = await browserOf(other.id);
    const start = await t.app.inject({ method: 'POST', url: '/api/v2/payments', headers: headersOther, payload: { amount: '10', provider: 'sandbox', promoCode: one.code } });
    expect(start.statusCode).toBe(200);
    await payWithCode(customer.id, '10', one.code);
    expect(await balanceOf(customer.id)).toBe(12_000_000);
    const { paymentId, redirectUrl } = start.json<{ paymentId: number; redirectUrl: string }>();
    const ref = /(sbx_[0-9a-f]+)$/.exec(redirectUrl)![1]!;
    const text = JSON.stringify({ id: `evt_${ref}`, type: 'checkout.approved', data: { ref, client_reference: String(paymentId), amount_minor: 1000, currency: 'USD' } });
    await t.app.inject({ method: 'POST', url: '/webhooks/payments/sandbox', headers: { 'content-type': 'application/json', 'sandbox-signature': signSandboxPayload(t.app.payments.sandboxSecret!, text) }, payload: text });
    expect(await balanceOf(other.id)).toBe(10_000_000);
    expect(await ledgerOf(other.id)).toBe(10_000_000);
  });

  it('50 concurrent redemptions of a fixed-credit code with 10 uses credit exactly 10', async () => {
    const code = await createCode({ kind: 'credit', amount: '2.50', maxUses: 10 });
    const users = await Promise.all(Array.from({ length: 50 }, () => buildUser(t, { balance: '0' })));
    const results = await Promise.allSettled(users.map((u) => redeemPromoCode(ctx(), u.id, code.code)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(40);
    for (const r of refused) expect((r.reason as { details?: { reason?: string } }).details?.reason).toBe('exhausted');
    const ids = users.map((u) => u.id);
    const [sum] = await q<{ n: number; s: number }>(sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as s from ledger_entries where kind = 'promo' and user_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    expect([Number(sum!.n), Number(sum!.s)]).toEqual([10, 25_000_000]);
    const [row] = await q<{ uses: number; credited: number }>(sql`select uses, credited from promo_codes where id = ${code.id}`);
    expect([Number(row!.uses), Number(row!.credited)]).toEqual([10, 25_000_000]);
    for (const u of users) expect(await ledgerOf(u.id)).toBe(await balanceOf(u.id));
  });

  it('one user redeeming a credit code twice concurrently is credited once', async () => {
    const code = await createCode({ kind: 'credit', amount: '1', maxUses: 100 });
    const customer = await buildUser(t, { balance: '0' });
    const headers = await browserOf(customer.id);
    const results = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/v2/promo-codes/redeem', headers, payload: { code: code.code } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(customer.id)).toBe(1_000_000);
  });
});

describe('discount campaigns', () => {
  const def = CAPTCHA_TYPES.find((d) => d.v1.methods.includes('base64'))!;

  it('a running campaign changes the price in.php charges, shows on the price list, and ends at its end time', async () => {
    const customer = await buildUser(t, { balance: '10.00' });
    const png = makePng(60, 30).toString('base64');
    const submit = async () => {
      const before = await balanceOf(customer.id);
      const res = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } });
      expect(res.body).toMatch(/^OK\|/);
      return before - (await balanceOf(customer.id));
    };
    const full = quote(def, 0);
    const half = quote(def, 0, 50);
    expect(half.price).toBeLessThan(full.price);
    expect(half.reward).toBe(full.reward);
    expect(await submit()).toBe(full.price);

    const changes: number[] = [];
    const unsubscribe = onCampaignChange(() => changes.push(Date.now()));
    const endsAt = Date.now() + 1500;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/admin/discount-campaigns',
      headers: adminHeaders,
      payload: { name: 'Half price', types: [def.slug], percent: 50, startsAt: new Date(Date.now() - 1000).toISOString(), endsAt: new Date(endsAt).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const campaign = res.json<{ id: number; status: string }>();
    expect(campaign.status).toBe('running');
    expect(changes.length).toBeGreaterThan(0);

    expect(await submit()).toBe(half.price);
    const prices = await t.app.inject({ method: 'GET', url: '/api/v2/customer/prices' });
    const row = prices.json<{ types: { slug: string; per1000: string; workerPer1000: string; discount?: { percent: number; listPer1000: string } }[] }>().types.find((r) => r.slug === def.slug)!;
    expect(parseMoney(row.per1000)).toBe(half.per1000);
    expect(row.discount).toMatchObject({ campaignId: campaign.id, percent: 50 });
    expect(parseMoney(row.discount!.listPer1000)).toBe(full.per1000);
    expect(parseMoney(row.workerPer1000)).toBe(full.reward * 1000);
    const running = await t.app.inject({ method: 'GET', url: '/api/v2/discount-campaigns' });
    expect(running.json<{ id: number }[]>().map((c) => c.id)).toContain(campaign.id);

    // At its end time the full price is back, and this node heard the end (the page cache is cleared on it).
    const heardBefore = changes.length;
    await sleep(Math.max(0, endsAt - Date.now()) + 50);
    expect(await submit()).toBe(full.price);
    await until(async () => changes.length > heardBefore);
    unsubscribe();
    const after = await t.app.inject({ method: 'GET', url: '/api/v2/discount-campaigns' });
    expect(after.json<{ id: number }[]>().map((c) => c.id)).not.toContain(campaign.id);

    await flushCampaignUsage(t.database.db);
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/admin/discount-campaigns', headers: adminHeaders });
    expect(list.json<{ id: number }[]>().find((c) => c.id === campaign.id)).toMatchObject({ status: 'ended', tasks: 1 });
  });

  it('a paused campaign charges the full price; a scheduled one starts on time', async () => {
    const customer = await buildUser(t, { balance: '10.00' });
    const full = quote(def, 0);
    const startsAt = Date.now() + 700;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/admin/discount-campaigns',
      headers: adminHeaders,
      payload: { name: 'Later', types: [def.slug], percent: 100, startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + 60_000).toISOString() },
    });
    const campaign = res.json<{ id: number; status: string }>();
    expect(campaign.status).toBe('scheduled');
    const png = makePng(60, 30).toString('base64');
    const submit = async () => {
      const before = await balanceOf(customer.id);
      await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } });
      return before - (await balanceOf(customer.id));
    };
    expect(await submit()).toBe(full.price);
    await sleep(startsAt - Date.now() + 20);
    // 100 % off: free for the customer, never below zero.
    expect(await submit()).toBe(0);
    await t.app.inject({ method: 'PUT', url: `/api/v2/admin/discount-campaigns/${campaign.id}/paused`, headers: adminHeaders, payload: { paused: true } });
    expect(await submit()).toBe(full.price);
  });

  it('refuses unknown captcha types and a window that ends before it starts', async () => {
    const now = Date.now();
    const bad = await t.app.inject({ method: 'POST', url: '/api/v2/admin/discount-campaigns', headers: adminHeaders, payload: { name: 'x', types: ['no_such_type'], percent: 10, startsAt: new Date(now).toISOString(), endsAt: new Date(now + 1000).toISOString() } });
    expect(bad.statusCode).toBe(400);
    const backwards = await t.app.inject({ method: 'POST', url: '/api/v2/admin/discount-campaigns', headers: adminHeaders, payload: { name: 'x', types: [def.slug], percent: 10, startsAt: new Date(now).toISOString(), endsAt: new Date(now - 1000).toISOString() } });
    expect(backwards.statusCode).toBe(400);
  });
});

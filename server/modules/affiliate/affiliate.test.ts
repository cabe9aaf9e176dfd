import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateDashboardView, InvitedReferralsView, ReferralSourcesView } from '#shared/contracts/affiliate.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { buildTestApp, csrfFor, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { moneyPosition } from '#server/modules/payouts/payouts.repo.ts';
import { mailboxOf, maskEmail } from './affiliate.service.ts';

let t: TestApp;
let ctx: Ctx;
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from users where id = ${id}`))[0]!.b);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);
const userIdOf = async (email: string) => Number((await q<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id);

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', REFERRAL_CUSTOMER_PERCENT: '7.5' });
  ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
});
afterAll(() => t.close());

let seq = 0;

/** A visitor follows `?from=…&source=…` (the web app's referral event) and then registers in the same browser. */
async function visitAndRegister(from: string, source: string | undefined, email = `ref${++seq}-${Date.now()}@example.test`, userType: 'worker' | 'customer' = 'worker') {
  const browser = await csrfFor(t.app);
  const headers = { cookie: `${browser.cookie}; reg_referrer=${from}`, 'x-csrf-token': browser.header };
  const event = await t.app.inject({ method: 'POST', url: '/api/v1/event-tracker', headers, payload: { type: 'referral', data: { from, source, unique: true } } });
  expect(event.statusCode, event.body).toBe(200);
  const reg = await t.app.inject({ method: 'POST', url: '/api/v2/auth/register', headers, payload: { email, password: 'correct horse battery', userType, language: 'en' } });
  expect(reg.statusCode, reg.body).toBe(200);
  return userIdOf(email);
}

async function get<T>(userId: number, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: browserHeaders(t, await sessionCookieFor(t, userId)) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('referrals', () => {
  it('binds the sign-up to the first link, pays 10% of the worker’s earnings and the configured share of the customer’s spend, reversed on refund', async () => {
    const referrer = await buildUser(t, { userType: 'worker', balance: '0' });
    const worker = await visitAndRegister(String(referrer.id), 'blog');
    const customer = await visitAndRegister(String(referrer.id), 'forum', undefined, 'customer');

    // The referred worker earns (the trigger writes the commission in the same transaction).
    await postLedgerEntry(ctx, { userId: worker, amount: 1_234_567, kind: 'earning', reason: 'captcha', taskId: 9_000_001 });
    // The referred customer tops up and spends on two captchas; one is refunded.
    await postLedgerEntry(ctx, { userId: customer, amount: 10_000_000, kind: 'topup', reason: 'test' });
    await postLedgerEntry(ctx, { userId: customer, amount: -2_000_000, kind: 'charge', reason: 'captcha', taskId: 9_000_002 });
    await postLedgerEntry(ctx, { userId: customer, amount: -1_000_000, kind: 'charge', reason: 'captcha', taskId: 9_000_003 });
    await postLedgerEntry(ctx, { userId: customer, amount: 1_000_000, kind: 'refund', reason: 'unsolvable', taskId: 9_000_003 });

    // 10% of 1.234567 rounded down; 7.5% of 2 + 7.5% of 1 − 7.5% of 1.
    expect(await balanceOf(referrer.id)).toBe(123_456 + 150_000);
    expect(await ledgerOf(referrer.id)).toBe(123_456 + 150_000);
    // The referred accounts' own amounts are untouched.
    expect(await balanceOf(worker)).toBe(1_234_567);
    expect(await balanceOf(customer)).toBe(8_000_000);
    const kinds = await q<{ kind: string; n: number; s: string }>(sql`select kind, count(*)::int as n, sum(amount)::text as s from ledger_entries where user_id = ${referrer.id} group by kind order by kind`);
    expect(kinds).toEqual([
      { kind: 'referral_commission', n: 3, s: String(123_456 + 150_000 + 75_000) },
      { kind: 'referral_reversal', n: 1, s: '-75000' },
    ]);
    // Commissions are withdrawable.
    expect((await moneyPosition(t.database.db, referrer.id)).withdrawable).toBe(273_456);

    const dash = await get<AffiliateDashboardView>(referrer.id, '/api/v2/affiliate/dashboard');
    expect(dash).toMatchObject({ clicks: 2, signups: 2, activeReferrals: 2, earned: '0.273456', earnedWorkers: '0.123456', earnedCustomers: '0.15' });
    expect(dash.terms).toMatchObject({ workerPercent: '10', customerPercent: '7.5', customerMonths: 12 });
    expect(dash.days.at(-1)).toMatchObject({ signups: 2, commission: '0.273456' });
    const sources = await get<ReferralSourcesView>(referrer.id, '/api/v2/affiliate/sources');
    expect(sources.sources).toEqual([
      { source: 'forum', clicks: 1, signups: 1, commission: '0.15' },
      { source: 'blog', clicks: 1, signups: 1, commission: '0.123456' },
    ]);
    const invited = await get<InvitedReferralsView>(referrer.id, '/api/v2/affiliate/referrals');
    expect(invited.referrals.map((r) => [r.label, r.userType, r.source, r.commission])).toEqual([
      ['#2', 'customer', 'forum', '0.15'],
      ['#1', 'worker', 'blog', '0.123456'],
    ]);
    expect(invited.referrals[0]!.maskedEmail).toMatch(/^re\*\*\*@e\*\*\*\.test$/);
  });

  it('writes a commission only with the entry it is paid on: a rolled-back earning leaves nothing', async () => {
    const referrer = await buildUser(t, { userType: 'worker', balance: '0' });
    const worker = await visitAndRegister(String(referrer.id), undefined);
    await t.database.db
      .transaction(async (tx) => {
        await postLedgerEntry({ ...ctx, db: tx }, { userId: worker, amount: 5_000_000, kind: 'earning', reason: 'captcha', taskId: 9_100_001 });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await balanceOf(referrer.id)).toBe(0);
    expect(await q(sql`select 1 from referral_commissions where referrer_id = ${referrer.id}`)).toHaveLength(0);
  });

  it('a self-referral earns nothing, and a binding never changes', async () => {
    const referrer = await buildUser(t, { userType: 'worker', balance: '0' });
    const [local, domain] = referrer.email.split('@');
    // The referrer signs up another address of their own mailbox through their own link.
    const alias = await visitAndRegister(String(referrer.id), 'self', `${local}+second@${domain}`);
    await postLedgerEntry(ctx, { userId: alias, amount: 3_000_000, kind: 'earning', reason: 'captcha', taskId: 9_200_001 });
    expect(await q(sql`select 1 from referrals where user_id = ${alias}`)).toHaveLength(0);
    expect(await balanceOf(referrer.id)).toBe(0);
    // An account can never be its own referrer, even written directly.
    await expect(t.database.db.execute(sql`insert into referrals (user_id, referrer_id, worker_bps, customer_bps, customer_until) values (${referrer.id}, ${referrer.id}, 1000, 1000, now() + interval '1 year')`)).rejects.toThrow();
    // Unknown or malformed referrers bind nothing.
    const stray = await visitAndRegister('99999999', 'x');
    const junk = await visitAndRegister('<script>', 'x');
    expect(await q(sql`select 1 from referrals where user_id in (${stray}, ${junk})`)).toHaveLength(0);

    // First touch wins; the binding is not changed by a later link.
    const other = await buildUser(t, { userType: 'worker', balance: '0' });
    const browser = await csrfFor(t.app);
    const headers = { cookie: browser.cookie, 'x-csrf-token': browser.header };
    for (const [from, source] of [[String(referrer.id), 'first'], [String(other.id), 'second']]) {
      await t.app.inject({ method: 'POST', url: '/api/v1/event-tracker', headers, payload: { type: 'referral', data: { from, source } } });
    }
    const email = `firsttouch-${Date.now()}@example.test`;
    await t.app.inject({ method: 'POST', url: '/api/v2/auth/register', headers: { ...headers, cookie: `${headers.cookie}; reg_referrer=${other.id}` }, payload: { email, password: 'correct horse battery', language: 'en' } });
    const bound = await q<{ referrer_id: string; source: string }>(sql`select referrer_id::text, source from referrals where user_id = ${await userIdOf(email)}`);
    expect(bound).toEqual([{ referrer_id: String(referrer.id), source: 'first' }]);
  });

  it('helpers: one mailbox behind aliases, masked addresses', () => {
    expect(mailboxOf('J.Doe+promo@GMail.com')).toBe(mailboxOf('jdoe@googlemail.com'));
    expect(mailboxOf('a+b@example.com')).toBe('a@example.com');
    expect(maskEmail('ivan.petrov@example.com')).toBe('iv***@e***.com');
  });

  it('draws the banners partners embed: every standard size as SVG in the asked language, nothing else', async () => {
    for (const size of ['728x90', '468x60', '320x50', '300x250', '160x600']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/affiliate/banners/${size}.svg?lang=ru` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      const [w, h] = size.split('x');
      expect(res.body).toContain(`width="${w}" height="${h}"`);
      expect(res.body).toContain('Начать');
      expect(res.body).not.toContain('<script');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/affiliate/banners/1x1.svg' })).statusCode).toBe(400);
  });
});

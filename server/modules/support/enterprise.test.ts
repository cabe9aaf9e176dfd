import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyEnterpriseResult, EnterpriseConditions, EnterprisePricing, QueueView, TicketView } from '#shared/contracts/support.ts';
import { answerTask, claimTask } from '#server/modules/tasks/tasks.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { CompatLimits } from '#server/surfaces/compat/limits.ts';
import { EnterpriseKeys } from './enterprise-limits.ts';
import { priceOf, renewOrExpire } from './enterprise.service.ts';

let t: TestApp;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from users where id = ${id}`))[0]!.b);
const png = makePng().toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', CURRENCY_RATES: 'RUB=90,CNY=7.2' });
});
afterAll(() => t.close());

async function call(userId: number, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: browserHeaders(t, await sessionCookieFor(t, userId)), ...(payload ? { payload } : {}) });
}

describe('spec §7 pricing and conditions', () => {
  it('answers in USD, RUB and CNY with exact conversions, and refuses an unknown currency', async () => {
    const usd = (await t.app.inject({ url: '/api/v2/user/enterprise_support/pricing' })).json<EnterprisePricing>();
    const rub = (await t.app.inject({ url: '/api/v2/user/enterprise_support/pricing?currency=rub' })).json<EnterprisePricing>();
    const cny = (await t.app.inject({ url: '/api/v2/user/enterprise_support/pricing?currency=CNY' })).json<EnterprisePricing>();
    expect(usd.plans.find((p) => p.plan === 'business')).toMatchObject({ monthly: '300.00', responseHours: 8 });
    expect(rub).toMatchObject({ currency: 'RUB' });
    expect(rub.plans[0]!.monthly).toBe('27000.00');
    expect(cny.plans[0]!.monthly).toBe('2160.00');
    // 12 months of business: 3600 less 15 % = 3060 USD = 22032 CNY.
    expect(cny.plans[0]!.periods.find((p) => p.months === 12)).toMatchObject({ price: '22032.00', priceUsd: '3060.00', discountPercent: 15 });
    const bad = await t.app.inject({ url: '/api/v2/user/enterprise_support/pricing?currency=XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('UNSUPPORTED_CURRENCY');
    const conditions = (await t.app.inject({ url: '/api/v2/user/enterprise_support/conditions?currency=RUB' })).json<EnterpriseConditions>();
    expect(conditions).toMatchObject({ currency: 'RUB', minimumBalance: '27000.00', subscription: null, queuePriority: true });
  });
});

describe('buying, renewing and expiring', () => {
  it('pays from the balance through the ledger, refuses a short balance, flags tickets first in the queue, renews and expires', async () => {
    const customer = await buildUser(t, { balance: '700' });
    const poor = await buildUser(t, { balance: '10' });
    const moderator = await buildUser(t, { moderator: true });

    const refused = await call(poor.id, 'POST', '/api/v2/user/enterprise_support/buy', { plan: 'business', months: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(poor.id)).toBe(10_000_000);

    // An ordinary ticket first, then the purchase, then a ticket of the enterprise customer.
    const ordinary = (await call(poor.id, 'POST', '/api/v2/support/tickets', { category: 'api', subject: 'Earlier ordinary', body: 'x' })).json<TicketView>();
    const bought = await call(customer.id, 'POST', '/api/v2/user/enterprise_support/buy', { plan: 'business', months: 1 });
    expect(bought.statusCode, bought.body).toBe(200);
    const result = bought.json<BuyEnterpriseResult>();
    expect(result.balance).toBe('400.00');
    expect(result.subscription).toMatchObject({ plan: 'business', active: true, priceUsd: '300.00' });
    const [entry] = await q<{ amount: string; kind: string }>(sql`select amount::text, kind from ledger_entries where user_id = ${customer.id} and kind = 'enterprise_support'`);
    expect(entry).toEqual({ amount: String(-priceOf('business', 1)), kind: 'enterprise_support' });

    const flagged = (await call(customer.id, 'POST', '/api/v2/support/tickets', { category: 'api', subject: 'Later enterprise', body: 'y' })).json<TicketView>();
    expect(flagged.enterprise).toBe(true);
    const queue = (await call(moderator.id, 'GET', '/api/v2/staff/support/tickets?status=open')).json<QueueView>();
    const ids = queue.rows.map((r) => r.id);
    expect(ids.indexOf(flagged.id)).toBeLessThan(ids.indexOf(ordinary.id));
    expect(ids[0]).toBe(flagged.id);

    // Buying another plan while one runs is refused; the same plan extends after the running one.
    expect((await call(customer.id, 'POST', '/api/v2/user/enterprise_support/buy', { plan: 'enterprise', months: 1 })).statusCode).toBe(409);

    // At the end of the period: auto-renewal charges again (balance 400 → 100) …
    await t.database.db.execute(sql`update enterprise_subscriptions set starts_at = now() - interval '31 days', expires_at = now() - interval '1 minute' where user_id = ${customer.id}`);
    expect(await renewOrExpire(ctx())).toMatchObject({ renewed: 1 });
    expect(await balanceOf(customer.id)).toBe(100_000_000);
    const conditions = (await call(customer.id, 'GET', '/api/v2/user/enterprise_support/conditions')).json<EnterpriseConditions>();
    expect(conditions.subscription).toMatchObject({ active: true, plan: 'business' });
    // … and the next time the balance is short, the plan ends without charging.
    await t.database.db.execute(sql`update enterprise_subscriptions set starts_at = now() - interval '62 days', expires_at = now() - interval '1 minute' where user_id = ${customer.id} and renewed_at is null`);
    expect(await renewOrExpire(ctx())).toMatchObject({ renewed: 0, expired: 1 });
    expect(await balanceOf(customer.id)).toBe(100_000_000);
    const after = (await call(customer.id, 'GET', '/api/v2/user/enterprise_support/conditions')).json<EnterpriseConditions>();
    expect(after.subscription).toBeNull();
    const next = (await call(customer.id, 'POST', '/api/v2/support/tickets', { category: 'api', subject: 'After expiry', body: 'z' })).json<TicketView>();
    expect(next.enterprise).toBe(false);
  });
});

describe('task-queue priority', () => {
  it('claims an enterprise customer\'s task before an equal-price ordinary task queued earlier', async () => {
    const ordinary = await buildUser(t, { balance: '5' });
    const enterprise = await buildUser(t, { balance: '400' });
    expect((await call(enterprise.id, 'POST', '/api/v2/user/enterprise_support/buy', { plan: 'business', months: 1 })).statusCode).toBe(200);
    const worker = await buildUser(t, { userType: 'worker' });
    await markTrainingPassed(ctx(), worker.id);
    // Clear what other tests queued so only these two compete.
    await t.database.db.execute(sql`update tasks set state = 'unsolvable', ended_at = now() where state = 'queued'`);

    const submit = (key: string) => t.app.inject({ method: 'POST', url: '/in.php', payload: { key, method: 'base64', body: png } });
    const first = Number((await submit(ordinary.apiKey)).body.slice(3));
    const second = Number((await submit(enterprise.apiKey)).body.slice(3));
    expect(first).toBeLessThan(second);
    const prices = await q<{ id: string; price: string }>(sql`select id::text, price::text from tasks where id in (${first}, ${second}) order by id`);
    expect(prices[0]!.price).toBe(prices[1]!.price);

    const claimed = await claimTask(ctx(), { id: worker.id, languages: ['en'] });
    expect(claimed?.id).toBe(second);
    await answerTask(ctx(), worker.id, second, { kind: 'text', text: 'abc' });
    expect((await claimTask(ctx(), { id: worker.id, languages: ['en'] }))?.id).toBe(first);
  });
});

describe('API rate limits', () => {
  it('lets an enterprise key submit three times as fast before MAX_USER_TURN, and only while the plan runs', async () => {
    const ordinary = await buildUser(t, { balance: '1' });
    const enterprise = await buildUser(t, { balance: '400' });
    const keys = new EnterpriseKeys();
    await keys.refresh(t.database.db);
    expect(keys.of(enterprise.apiKey)).toBe(1);
    expect((await call(enterprise.id, 'POST', '/api/v2/user/enterprise_support/buy', { plan: 'business', months: 1 })).statusCode).toBe(200);
    await keys.refresh(t.database.db);
    expect(keys.of(enterprise.apiKey)).toBe(3);
    expect(keys.of(ordinary.apiKey)).toBe(1);

    const now = 1_000_000;
    const limits = new CompatLimits(true, { now: () => now, multiplierOf: (key) => keys.of(key) });
    const firstRefusal = (key: string) => {
      for (let i = 1; i <= 400; i++) if (limits.check('203.0.113.9', key, true) === 'MAX_USER_TURN') return i;
      return null;
    };
    expect(firstRefusal(ordinary.apiKey)).toBe(61);
    expect(firstRefusal(enterprise.apiKey)).toBe(181);

    await t.database.db.execute(sql`update enterprise_subscriptions set ended_at = now(), expires_at = now() - interval '1 second', starts_at = now() - interval '2 days' where user_id = ${enterprise.id}`);
    await keys.refresh(t.database.db);
    expect(keys.of(enterprise.apiKey)).toBe(1);
  });
});

describe('monthly usage report', () => {
  it('posts one report ticket per running plan and month with last month\'s ledger figures, and mails it', async () => {
    const { postUsageReports } = await import('./support.service.ts');
    const customer = await buildUser(t, { balance: '400' });
    expect((await call(customer.id, 'POST', '/api/v2/user/enterprise_support/buy', { plan: 'business', months: 1 })).statusCode).toBe(200);
    // Last month: 12.50 of captchas charged, 2.50 refunded, on two days.
    for (const [at, kind, amount] of [['2026-10-03T10:00:00Z', 'charge', -10_000_000], ['2026-10-03T11:00:00Z', 'refund', 2_500_000], ['2026-10-20T09:00:00Z', 'charge', -2_500_000]] as const) {
      await t.database.db.execute(sql`insert into ledger_entries (user_id, amount, kind, reason, created_at) values (${customer.id}, ${amount}, ${kind}, 'seed', ${at}::timestamptz)`);
    }
    const at = new Date('2026-11-02T00:00:00Z');
    await t.database.db.execute(sql`update enterprise_subscriptions set starts_at = '2026-10-15T00:00:00Z', expires_at = '2026-12-15T00:00:00Z' where user_id = ${customer.id}`);
    expect(await postUsageReports(ctx(), at)).toBeGreaterThanOrEqual(1);
    expect(await postUsageReports(ctx(), at)).toBe(0);
    const list = (await call(customer.id, 'GET', '/api/v2/support/tickets')).json<{ tickets: TicketView[] }>();
    const report = list.tickets.find((x) => x.subject === 'Usage report 2026-10');
    expect(report).toMatchObject({ category: 'enterprise', status: 'answered', enterprise: true });
    const thread = (await call(customer.id, 'GET', `/api/v2/support/tickets/${report!.id}`)).json<TicketView>();
    expect(thread.messages[0]!.body).toContain('$10.00');
    expect(thread.messages[0]!.body).toContain('$2.50');
    expect(thread.messages[0]!.body).toContain('days with activity: 2');
    expect(t.app.mailer.outbox().some((m) => m.to === customer.email && m.text.includes('Usage report 2026-10'))).toBe(true);
  });
});

describe('named contact', () => {
  it('gives an Enterprise customer\'s new ticket to the staff member who handled them last', async () => {
    const customer = await buildUser(t, { balance: '1000' });
    const moderator = await buildUser(t, { moderator: true });
    expect((await call(customer.id, 'POST', '/api/v2/user/enterprise_support/buy', { plan: 'enterprise', months: 1 })).statusCode).toBe(200);
    const first = (await call(customer.id, 'POST', '/api/v2/support/tickets', { category: 'api', subject: 'First', body: 'a' })).json<TicketView>();
    await call(moderator.id, 'POST', `/api/v2/staff/support/tickets/${first.id}/messages`, { body: 'On it.' });
    const second = (await call(customer.id, 'POST', '/api/v2/support/tickets', { category: 'api', subject: 'Second', body: 'b' })).json<TicketView>();
    const staffView = (await call(moderator.id, 'GET', `/api/v2/staff/support/tickets/${second.id}`)).json<{ assigneeId: number | null }>();
    expect(staffView.assigneeId).toBe(moderator.id);
    expect(t.app.mailer.outbox().some((m) => m.to === moderator.email && m.subject.includes(`#${second.id}`))).toBe(true);
  });
});

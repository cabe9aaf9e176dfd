import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceView, AuditPage } from '#shared/contracts/finance.ts';
import { buildTestApp, csrfFor, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const q = async (query: ReturnType<typeof sql>) => {
  const res = await t.database.db.execute(query);
  return ((res as { rows?: Row[] }).rows ?? (res as unknown as Row[]));
};

async function browserOf(userId: number) {
  const session = await sessionCookieFor(t, userId);
  const csrf = await csrfFor(t.app, session);
  return { cookie: `${csrf.cookie}; ${session}`, 'x-csrf-token': csrf.header };
}

describe('the operator\'s money view', () => {
  it('equals independent SQL over a seeded ledger, per day and type, with balances and cash', async () => {
    const admin = await buildUser(t, { admin: true });
    const customer = await buildUser(t, { balance: '20.00' });
    // The seed's customer: the tasks' own charges (by \`customer\`) are unique per task and user.
    const payer = await buildUser(t, { balance: '5.00' });
    const worker = await buildUser(t, { userType: 'worker' });
    const developer = await buildUser(t, { userType: 'developer' });
    // Four real tasks (type "normal"), charged by the engine itself; the seed pays on the last two.
    const png = makePng().toString('base64');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } });
      ids.push(Number(res.body.slice(3)));
    }
    // A seeded ledger over three days: every kind the view sorts, one it does not know, a pruned task.
    const day = (n: number) => sql`(date_trunc('day', now()) - make_interval(days => ${n}) + interval '13 hours')`;
    const seed = (userId: number, amount: number, kind: string, daysAgo: number, taskId: number | null) =>
      t.database.db.execute(sql`insert into ledger_entries (user_id, amount, kind, reason, task_id, created_at) values (${userId}, ${amount}, ${kind}, 'seed', ${taskId}, ${day(daysAgo)})`);
    await seed(payer.id, -3000, 'charge', 1, ids[2]!);
    await seed(payer.id, 1000, 'refund', 1, ids[2]!);
    await seed(worker.id, 1200, 'earning', 1, ids[2]!);
    await seed(worker.id, -400, 'hold', 1, ids[2]!);
    await seed(worker.id, 400, 'release', 2, ids[2]!);
    await seed(developer.id, 300, 'commission', 1, ids[3]!);
    await seed(developer.id, 150, 'referral_commission', 2, null);
    await seed(developer.id, -50, 'referral_reversal', 2, null);
    await seed(customer.id, -5000, 'charge', 2, 999_999_999);
    await seed(worker.id, 2500, 'earning', 2, 999_999_999);
    await seed(customer.id, 50_000_000, 'topup', 2, null);
    await seed(worker.id, -2_000_000, 'payout', 1, null);
    await seed(worker.id, 500_000, 'payout_return', 1, null);
    await seed(customer.id, 700, 'some_future_kind', 1, null).catch(() => undefined); // refused by the kind check, if there is one

    const headers = await browserOf(admin.id);
    const res = await t.app.inject({ url: '/api/v2/admin/finance', headers });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<FinanceView>();

    // Independent SQL: each figure summed on its own over the raw ledger, grouped by (day, type).
    const expected = await q(sql`
      with e as (
        select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               case when l.task_id is null then '' when exists (select 1 from tasks x where x.id = l.task_id) then (select x.type from tasks x where x.id = l.task_id) else '(pruned)' end as type,
               l.kind, l.amount
        from ledger_entries l
        where l.created_at >= current_date - 29
      )
      select day, type,
        sum(case when kind = 'charge' then -amount else 0 end) as spend,
        sum(case when kind = 'refund' then amount else 0 end) as refunds,
        sum(case when kind = 'earning' or kind = 'hold' or kind = 'release' then amount else 0 end) as earnings,
        sum(case when kind = 'commission' then amount else 0 end) as developer,
        sum(case when kind in ('referral_commission', 'referral_reversal') then amount else 0 end) as referral
      from e where kind in ('charge', 'refund', 'earning', 'hold', 'release', 'commission', 'referral_commission', 'referral_reversal')
      group by day, type order by day, type`);
    expect(view.rows.map((r) => [r.day, r.type, r.spend, r.refunds, r.earnings, r.developerShare, r.referralShare])).toEqual(
      expected.map((e) => [e.day, e.type, String(e.spend), String(e.refunds), String(e.earnings), String(e.developer), String(e.referral)]),
    );
    for (const r of view.rows) {
      expect(BigInt(r.margin)).toBe(BigInt(r.spend) - BigInt(r.refunds) - BigInt(r.earnings) - BigInt(r.developerShare) - BigInt(r.referralShare));
    }
    // The seeded figures, by hand: the pruned task's day and the referral row.
    expect(view.rows.find((r) => r.type === '(pruned)')).toMatchObject({ spend: '5000', earnings: '2500', margin: '2500' });
    expect(view.rows.find((r) => r.type === '' && r.referralShare !== '0')).toMatchObject({ referralShare: '100', margin: '-100' });
    const [totals] = await q(sql`select coalesce(-sum(amount) filter (where kind = 'charge'), 0) as spend from ledger_entries where created_at >= current_date - 29`);
    expect(view.totals.spend).toBe(String(totals!.spend));

    // Every kind of the period, credits and debits.
    const kinds = await q(sql`select kind, sum(greatest(amount, 0)) as credit, sum(greatest(-amount, 0)) as debit, count(*) as n from ledger_entries where created_at >= current_date - 29 group by kind order by kind`);
    expect(view.kinds).toEqual(kinds.map((k) => ({ kind: k.kind, credit: String(k.credit), debit: String(k.debit), count: Number(k.n) })));

    // Balances now and cash all time.
    const [cash] = await q(sql`select
        (select sum(balance) from users where user_type = 'customer') as customers,
        (select sum(balance) from users where user_type = 'worker') as workers,
        (select sum(balance) from users) as total,
        (select sum(amount) from ledger_entries where kind = 'topup') as received,
        (select -sum(amount) from ledger_entries where kind = 'payout' or kind = 'payout_return') as paid_out`);
    expect(view.balances).toMatchObject({ owedCustomers: String(cash!.customers), owedWorkers: String(cash!.workers), owedTotal: String(cash!.total), received: String(cash!.received), paidOut: String(cash!.paid_out) });
    expect(BigInt(view.balances.cover)).toBe(BigInt(String(cash!.received)) - BigInt(String(cash!.paid_out)) - BigInt(String(cash!.total)));

    // The CSV: one line per row plus the header and the totals, USD with six decimals.
    const csv = await t.app.inject({ url: '/api/v2/admin/finance.csv', headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(view.rows.length + 2);
    expect(lines.at(-1)).toBe(`total,,${[view.totals.spend, view.totals.refunds, view.totals.earnings, view.totals.developerShare, view.totals.referralShare, view.totals.margin].map((m) => (Number(m) / 1e6).toFixed(6)).join(',')}`);

    // A period outside the seeded days is empty; a reversed one is refused.
    const empty = await t.app.inject({ url: '/api/v2/admin/finance?from=2001-01-01&to=2001-01-31', headers });
    expect(empty.json<FinanceView>().rows).toEqual([]);
    expect((await t.app.inject({ url: '/api/v2/admin/finance?from=2001-02-01&to=2001-01-31', headers })).statusCode).toBe(400);
  });
});

describe('the admin audit log', () => {
  it('records money moved and rights changed by admins with actor, reason, before and after; append-only', async () => {
    const admin = await buildUser(t, { admin: true });
    const target = await buildUser(t, { balance: '1.00' });
    const headers = await browserOf(admin.id);
    const credit = await t.app.inject({ method: 'POST', url: `/api/v2/admin/users/${target.id}/balance`, headers, payload: { amount: '2.50', reason: 'goodwill for ticket 42' } });
    expect(credit.statusCode, credit.body).toBe(200);
    const grant = await t.app.inject({ method: 'PUT', url: `/api/v2/admin/users/${target.id}/permissions`, headers, payload: { permission: 'moderator', granted: true } });
    expect(grant.statusCode, grant.body).toBe(200);
    const block = await t.app.inject({ method: 'PUT', url: `/api/v2/admin/users/${target.id}/blocked`, headers, payload: { blocked: true } });
    expect(block.statusCode, block.body).toBe(200);

    const page = (await t.app.inject({ url: `/api/v2/admin/audit-log?userId=${target.id}`, headers })).json<AuditPage>();
    expect(page.entries.map((e) => e.action)).toEqual(['rights.users', 'rights.users', 'money.adjustment']);
    const [blocked, moderator, money] = page.entries;
    expect(money).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetUserId: target.id, reason: 'goodwill for ticket 42', before: { balance: 1_000_000 }, after: { balance: 3_500_000, amount: 2_500_000, kind: 'adjustment' } });
    expect(moderator).toMatchObject({ actorId: admin.id, reason: 'grant moderator', before: { is_moderator: false }, after: { is_moderator: true } });
    expect(blocked).toMatchObject({ actorId: admin.id, reason: 'block', before: { blocked_at: null } });
    expect((blocked!.after as { blocked_at: string | null }).blocked_at).not.toBeNull();

    // A user changing their own account is not an admin action; the log refuses edits and deletions.
    await t.database.db.execute(sql`update users set user_type = 'worker' where id = ${target.id}`);
    expect((await t.app.inject({ url: `/api/v2/admin/audit-log?userId=${target.id}`, headers })).json<AuditPage>().entries).toHaveLength(3);
    const refusal = (p: Promise<unknown>) => p.then(() => 'accepted', (err: Error & { cause?: Error }) => err.cause?.message ?? err.message);
    expect(await refusal(t.database.db.execute(sql`update admin_audit_log set reason = 'x' where target_user_id = ${target.id}`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`delete from admin_audit_log where target_user_id = ${target.id}`))).toMatch(/append-only/);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubProfile, Leaderboard, PracticeItem, PracticeScore } from '#shared/contracts/hub.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { payDueRewards, periodStart, pseudonym } from './hub.service.ts';
import { addDays, dayOf } from './rewards.ts';

/**
 * The worker hub against a real database: the leaderboard held to SQL written here (correlated
 * subqueries, not the repo's joins), opted-out workers never listed, rewards hand-computed and paid
 * once when several job runs overlap.
 */

let t: TestApp;
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const ctx = () => ({ db: t.database.db, log: t.app.log });
let customerId: number;

/** `n` tasks answered by `workerId` at `at` with the given attempt outcome. */
async function answers(workerId: number, at: string, n: number, outcome: 'accepted' | 'wrong' | 'outvoted' | 'skipped', opts: { sandbox?: boolean } = {}) {
  await t.database.db.execute(sql`
    with made as (
      insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at, created_at, ended_at, sandbox)
      select ${customerId}, 'normal', 'image', 'solved', '{}'::jsonb, 1000, 600, 'v1', '127.0.0.1', 3, ${at}::timestamptz + interval '1 hour', ${at}::timestamptz, ${at}::timestamptz, ${opts.sandbox ?? false}
      from generate_series(1, ${n})
      returning id
    )
    insert into task_attempts (task_id, worker_id, outcome, created_at) select id, ${workerId}, ${outcome}, ${at}::timestamptz from made`);
}

/** A solving-earnings ledger entry at `at` (balance moved with it). */
async function earning(userId: number, at: string, amount: number, kind: 'earning' | 'hold' | 'release' = 'earning') {
  await t.database.db.execute(sql`insert into ledger_entries (user_id, amount, kind, reason, created_at) values (${userId}, ${amount}, ${kind}, 'test', ${at}::timestamptz)`);
  await t.database.db.execute(sql`update users set balance = balance + ${amount} where id = ${userId}`);
}

const worker = async () => (await buildUser(t, { userType: 'worker' })).id;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  customerId = (await buildUser(t)).id;
});
afterAll(async () => t?.close());

describe('leaderboard', () => {
  const ids: Record<string, number> = {};
  const now = new Date(Date.now() - 60_000).toISOString();
  const old = new Date(Date.now() - 40 * 86_400_000).toISOString();

  beforeAll(async () => {
    for (const name of ['a', 'b', 'c', 'hidden', 'blocked', 'sandboxOnly']) ids[name] = await worker();
    await answers(ids.a!, now, 30, 'accepted');
    await answers(ids.a!, now, 2, 'wrong');
    await answers(ids.a!, now, 5, 'skipped');
    await earning(ids.a!, now, 18_000);
    await earning(ids.a!, now, -600, 'hold');
    await answers(ids.b!, now, 30, 'accepted');
    await answers(ids.b!, now, 1, 'outvoted');
    await earning(ids.b!, now, 25_000);
    await answers(ids.c!, now, 12, 'accepted');
    await earning(ids.c!, now, 7_200);
    await answers(ids.c!, old, 500, 'accepted');
    // The most active worker of all, opted out; a blocked one; one who only solved sandbox tasks.
    await answers(ids.hidden!, now, 90, 'accepted');
    await earning(ids.hidden!, now, 54_000);
    await t.app.inject({ method: 'PUT', url: '/api/v2/hub/settings', headers: browserHeaders(t, await sessionCookieFor(t, ids.hidden!)), payload: { leaderboardOptOut: true } });
    await answers(ids.blocked!, now, 40, 'accepted');
    await t.database.db.execute(sql`update users set blocked_at = now() where id = ${ids.blocked!}`);
    await answers(ids.sandboxOnly!, now, 40, 'accepted', { sandbox: true });
  });

  /** The leaderboard as written here: correlated subqueries over every user, sorted in JS. */
  async function expected(from: Date) {
    const rows = await q<{ id: number; solved: number; judged: number; earned: number }>(sql`
      select * from (
        select u.id,
          (select count(*) from task_attempts a where a.worker_id = u.id and a.outcome = 'accepted' and a.created_at >= ${from.toISOString()}::timestamptz
            and exists (select 1 from tasks t where t.id = a.task_id and t.sandbox = false))::int as solved,
          (select count(*) from task_attempts a where a.worker_id = u.id and a.outcome in ('accepted', 'wrong', 'outvoted') and a.created_at >= ${from.toISOString()}::timestamptz
            and exists (select 1 from tasks t where t.id = a.task_id and t.sandbox = false))::int as judged,
          coalesce((select sum(l.amount) from ledger_entries l where l.user_id = u.id and l.kind in ('earning', 'hold', 'release') and l.created_at >= ${from.toISOString()}::timestamptz), 0)::bigint as earned
        from users u
        where u.blocked_at is null and u.deleted_at is null
          and not exists (select 1 from worker_hub_settings s where s.user_id = u.id and s.leaderboard_opt_out)
      ) x where solved > 0`);
    const [secret] = await q<{ value: string }>(sql`select value from app_secrets where key = 'hub-pseudonyms'`);
    return rows
      .map((r) => ({ id: Number(r.id), solved: Number(r.solved), judged: Number(r.judged), earned: Number(r.earned) }))
      .sort((x, y) => y.solved - x.solved || y.earned - x.earned || x.id - y.id)
      .map((r, i) => ({
        rank: i + 1,
        name: pseudonym(secret!.value, r.id),
        solved: r.solved,
        accuracy: Math.round((r.solved / r.judged) * 1000) / 10,
        earned: (r.earned / 1e6).toFixed(6).replace(/0+$/, '').replace(/\.$/, ''),
      }));
  }

  it.each(['day', 'week', 'month'] as const)('the %s figures equal independent SQL', async (period) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/hub/leaderboard?period=${period}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<Leaderboard>();
    const want = await expected(periodStart(period));
    expect(body.rows.map((r) => ({ ...r, earned: Number(r.earned) }))).toEqual(want.map((r) => ({ ...r, earned: Number(r.earned) })));
    // By hand: b and a tie on 30 solved; b earned more. c's 500 old answers are outside every period.
    expect(body.rows.map((r) => [r.solved, r.accuracy, Number(r.earned)])).toEqual([
      [30, 96.8, 0.025],
      [30, 93.8, 0.0174],
      [12, 100, 0.0072],
    ]);
    expect(body.me).toBeNull();
  });

  it('never lists an opted-out, blocked or sandbox-only worker, and tells the opted-out worker why', async () => {
    const board = await t.app.inject({ method: 'GET', url: '/api/v2/hub/leaderboard?period=month', headers: { cookie: await sessionCookieFor(t, ids.hidden!) } });
    const body = board.json<Leaderboard>();
    const [secret] = await q<{ value: string }>(sql`select value from app_secrets where key = 'hub-pseudonyms'`);
    const names = body.rows.map((r) => r.name);
    for (const w of ['hidden', 'blocked', 'sandboxOnly']) expect(names).not.toContain(pseudonym(secret!.value, ids[w]!));
    expect(body.me).toMatchObject({ listed: false, optedOut: true, solved: 90 });
    // Back in: listed first.
    await t.app.inject({ method: 'PUT', url: '/api/v2/hub/settings', headers: browserHeaders(t, await sessionCookieFor(t, ids.hidden!)), payload: { leaderboardOptOut: false } });
    const again = (await t.app.inject({ method: 'GET', url: '/api/v2/hub/leaderboard?period=month' })).json<Leaderboard>();
    expect(again.rows[0]!.name).toBe(pseudonym(secret!.value, ids.hidden!));
    await t.app.inject({ method: 'PUT', url: '/api/v2/hub/settings', headers: browserHeaders(t, await sessionCookieFor(t, ids.hidden!)), payload: { leaderboardOptOut: true } });
    // Out again: gone at once, although the public rows are cached for 30 s.
    const out = (await t.app.inject({ method: 'GET', url: '/api/v2/hub/leaderboard?period=month' })).json<Leaderboard>();
    expect(out.rows.map((r) => r.name)).not.toContain(pseudonym(secret!.value, ids.hidden!));
  });

  it('refuses a period it does not know and a settings change without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/hub/leaderboard?period=year' })).statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'PUT', url: '/api/v2/hub/settings', headers: browserHeaders(t), payload: { leaderboardOptOut: true } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('rewards', () => {
  it('pays streak, tier and milestone bonuses as computed by hand, once, when runs overlap', async () => {
    const today = dayOf(Date.now());
    const noon = (k: number) => `${addDays(today, -k)}T12:00:00Z`;
    const a = await worker();
    const b = await worker();
    // a: 40 accepted on each of the last three days, $0.10 earned each day.
    for (const k of [3, 2, 1]) {
      await answers(a, noon(k), 40, 'accepted');
      await earning(a, noon(k), 100_000);
    }
    // b: 60 accepted and 3 wrong on each of the last two days, $0.20 earned each day; 10 accepted four days ago (not a streak day).
    for (const k of [2, 1]) {
      await answers(b, noon(k), 60, 'accepted');
      await answers(b, noon(k), 3, 'wrong');
      await earning(b, noon(k), 200_000);
    }
    await answers(b, noon(4), 10, 'accepted');
    const before = new Map((await q<{ id: number; balance: number }>(sql`select id, balance from users where id in (${a}, ${b})`)).map((r) => [Number(r.id), Number(r.balance)]));

    const runs = await Promise.all(Array.from({ length: 6 }, () => payDueRewards(ctx())));
    // Nothing more on a later run either.
    expect((await payDueRewards(ctx())).paid).toBe(0);

    // a: streak day 2 → 2 × $0.01, day 3 → 3 × $0.01; the 7-day window reaches 120 judged answers
    // only yesterday: 100 % → gold, 5 % of $0.10; 120 lifetime answers → the 100 milestone ($0.10).
    // b: streak day 2 only (yesterday) → $0.02; yesterday's window: 130 of 136 judged = 95.6 % → silver,
    // 3 % of $0.20; 130 lifetime → $0.10.
    const rewards = await q<{ user_id: number; key: string; amount: number }>(sql`select user_id, key, amount from worker_rewards where user_id in (${a}, ${b}) order by user_id, key`);
    expect(rewards.map((r) => [Number(r.user_id), r.key, Number(r.amount)])).toEqual([
      [a, 'milestone:100', 100_000],
      [a, `streak:${addDays(today, -2)}`, 20_000],
      [a, `streak:${addDays(today, -1)}`, 30_000],
      [a, `tier:${addDays(today, -1)}`, 5_000],
      [b, 'milestone:100', 100_000],
      [b, `streak:${addDays(today, -1)}`, 20_000],
      [b, `tier:${addDays(today, -1)}`, 6_000],
    ]);
    const paidByRuns = runs.reduce((s, r) => s + r.amount, 0);
    const entries = await q<{ user_id: number; n: number; total: number }>(sql`
      select user_id, count(*)::int as n, sum(amount)::bigint as total from ledger_entries where kind = 'reward' and user_id in (${a}, ${b}) group by user_id order by user_id`);
    expect(entries.map((e) => [Number(e.user_id), Number(e.n), Number(e.total)])).toEqual([
      [a, 4, 155_000],
      [b, 3, 126_000],
    ]);
    expect(paidByRuns).toBeGreaterThanOrEqual(281_000);
    const after = await q<{ id: number; balance: number }>(sql`select id, balance from users where id in (${a}, ${b}) order by id`);
    expect(after.map((r) => Number(r.balance) - before.get(Number(r.id))!)).toEqual([155_000, 126_000]);

    // The profile shows it: level 2, the 100 badge, a 3-day streak for a (yesterday), gold.
    const profile = (await t.app.inject({ method: 'GET', url: '/api/v2/hub/profile', headers: { cookie: await sessionCookieFor(t, a) } })).json<HubProfile>();
    expect(profile).toMatchObject({ level: 2, nextLevelAt: 1000, solvedTotal: 120, streak: 3, tier: 'gold', accuracy7d: 100, leaderboardOptOut: false });
    expect(profile.badges.map((x) => x.solved)).toEqual([100]);
    expect(profile.rewards).toHaveLength(4);
    expect(profile.trend).toHaveLength(14);
    expect(profile.trend.at(-2)).toEqual({ day: addDays(today, -1), solved: 40, judged: 40, accuracy: 100 });
  });
});

describe('practice round', () => {
  it('draws pictures and scores answers against the drawn items', async () => {
    const round = (await t.app.inject({ method: 'GET', url: '/api/v2/hub/practice' })).json<{ items: PracticeItem[] }>();
    expect(round.items.map((i) => i.ui)).toEqual(['text', 'grid', 'points', 'text', 'grid']);
    const png = await t.app.inject({ method: 'GET', url: round.items[0]!.image });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // Wrong answers first: the score reveals the expected ones, then those score full marks.
    const first = await t.app.inject({ method: 'POST', url: '/api/v2/hub/practice/score', headers: browserHeaders(t), payload: { answers: round.items.map((i) => ({ token: i.token, answer: i.ui === 'text' ? '?' : [] })) } });
    const graded = first.json<PracticeScore>();
    expect(graded).toMatchObject({ correct: 0, total: 5 });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v2/hub/practice/score',
      headers: browserHeaders(t),
      payload: { answers: graded.results.map((r) => ({ token: r.token, answer: typeof r.expected === 'string' ? r.expected.toLowerCase() : r.expected })) },
    });
    expect(second.json<PracticeScore>()).toMatchObject({ correct: 5, total: 5 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/hub/practice/images/not-a-token' })).statusCode).toBe(400);
  });
});

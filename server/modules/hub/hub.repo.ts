import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { WORKER_REWARD_KINDS } from '#server/db/schema/index.ts';

/**
 * SQL of the worker hub. A worker's figures come from their answers (task_attempts on non-sandbox
 * tasks): solved = answers still accepted; judged = accepted + wrong (a report upheld) + outvoted
 * (lost a 100 % recognition vote); earned = their ledger's solving entries (earning, hold,
 * release). Listed workers: not deleted, not blocked, not opted out.
 */

const num = (v: unknown) => Number(v ?? 0);

export interface WorkerFigures {
  userId: number;
  solved: number;
  judged: number;
  /** Micro-USD. */
  earned: number;
}

export interface RankedFigures extends WorkerFigures {
  rank: number;
}

/** Answers and earnings of every worker since `from`; `listedOnly` drops opted-out, blocked and deleted accounts. */
function figuresSince(from: Date) {
  const fromIso = from.toISOString();
  return sql`
    with att as (
      select a.worker_id as user_id,
        count(*) filter (where a.outcome = 'accepted')::int as solved,
        count(*) filter (where a.outcome in ('accepted', 'wrong', 'outvoted'))::int as judged
      from task_attempts a join tasks t on t.id = a.task_id
      where a.created_at >= ${fromIso}::timestamptz and not t.sandbox
      group by a.worker_id
    ), earn as (
      select user_id, sum(amount)::bigint as earned from ledger_entries
      where kind in ('earning', 'hold', 'release') and created_at >= ${fromIso}::timestamptz
      group by user_id
    )
    select att.user_id, att.solved, att.judged, coalesce(earn.earned, 0)::bigint as earned,
      (u.deleted_at is null and u.blocked_at is null and not coalesce(s.leaderboard_opt_out, false) and att.solved > 0) as listed
    from att join users u on u.id = att.user_id
    left join earn on earn.user_id = att.user_id
    left join worker_hub_settings s on s.user_id = att.user_id`;
}

/**
 * The leaderboard since `from`: the first `limit` listed workers by solved (then earned, then
 * account id), plus `meId`'s own figures and rank (rank null when not listed).
 */
export async function leaderboard(db: Db, from: Date, limit: number, meId: number | null): Promise<{ rows: RankedFigures[]; me: (WorkerFigures & { rank: number | null }) | null }> {
  const res = await db.execute(sql`
    with f as (${figuresSince(from)}),
    ranked as (select f.*, row_number() over (order by solved desc, earned desc, user_id)::int as rank from f where listed)
    select f.user_id, f.solved, f.judged, f.earned, r.rank from f left join ranked r on r.user_id = f.user_id
    where r.rank <= ${limit} or f.user_id = ${meId ?? -1}
    order by r.rank nulls last`);
  const all = (res.rows as Record<string, unknown>[]).map((r) => ({
    userId: num(r.user_id),
    solved: num(r.solved),
    judged: num(r.judged),
    earned: num(r.earned),
    rank: r.rank === null || r.rank === undefined ? null : num(r.rank),
  }));
  const rows = all.filter((r): r is RankedFigures => r.rank !== null && r.rank <= limit);
  const me = meId === null ? null : (all.find((r) => r.userId === meId) ?? null);
  return { rows, me };
}

/** Per captcha type since `from` (stats_hourly): solved, earned (micro-USD) and solving time. */
export async function earningsByType(db: Db, from: Date): Promise<{ type: string; solved: number; earned: number; workMs: number }[]> {
  const res = await db.execute(sql`
    select type, sum(solved)::float8 as solved, sum(earned)::float8 as earned, sum(work_ms_sum)::float8 as work_ms
    from stats_hourly where hour >= ${from.toISOString()}::timestamptz
    group by type having sum(solved) > 0 order by sum(solved) desc, type`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({ type: String(r.type), solved: num(r.solved), earned: num(r.earned), workMs: num(r.work_ms) }));
}

/** Workers online at the latest sampled minute of the last five (all nodes summed); null when none. */
export async function workersOnlineNow(db: Db): Promise<number | null> {
  const res = await db.execute(sql`
    select sum(workers_online)::float8 as online from load_samples
    where at = (select max(at) from load_samples where at > now() - interval '5 minutes')`);
  const v = (res.rows[0] as { online: unknown } | undefined)?.online;
  return v === null || v === undefined ? null : num(v);
}

export interface DayFigures {
  userId: number;
  /** YYYY-MM-DD (UTC). */
  day: string;
  solved: number;
  judged: number;
  earned: number;
}

/** Per worker and UTC day since `from` (a UTC midnight): answers and solving earnings; one worker or all. */
export async function dailyFigures(db: Db, from: Date, userId: number | null): Promise<DayFigures[]> {
  const fromIso = from.toISOString();
  const who = userId === null ? sql`true` : sql`a.worker_id = ${userId}`;
  const whoLedger = userId === null ? sql`true` : sql`user_id = ${userId}`;
  const res = await db.execute(sql`
    with att as (
      select a.worker_id as user_id, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
        count(*) filter (where a.outcome = 'accepted')::int as solved,
        count(*) filter (where a.outcome in ('accepted', 'wrong', 'outvoted'))::int as judged
      from task_attempts a join tasks t on t.id = a.task_id
      where a.created_at >= ${fromIso}::timestamptz and not t.sandbox and ${who}
      group by 1, 2
    ), earn as (
      select user_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(amount)::bigint as earned
      from ledger_entries where kind in ('earning', 'hold', 'release') and created_at >= ${fromIso}::timestamptz and ${whoLedger}
      group by 1, 2
    )
    select att.user_id, att.day, att.solved, att.judged, coalesce(earn.earned, 0)::bigint as earned
    from att left join earn on earn.user_id = att.user_id and earn.day = att.day
    order by att.user_id, att.day`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({ userId: num(r.user_id), day: String(r.day), solved: num(r.solved), judged: num(r.judged), earned: num(r.earned) }));
}

/** Lifetime accepted answers (non-sandbox) of the given workers. */
export async function lifetimeSolved(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const res = await db.execute(sql`
    select a.worker_id as user_id, count(*)::int as solved
    from task_attempts a join tasks t on t.id = a.task_id
    where a.outcome = 'accepted' and not t.sandbox and a.worker_id = any(${`{${userIds.join(',')}}`}::bigint[])
    group by a.worker_id`);
  return new Map((res.rows as Record<string, unknown>[]).map((r) => [num(r.user_id), num(r.solved)]));
}

export interface DueReward {
  userId: number;
  kind: (typeof WORKER_REWARD_KINDS)[number];
  key: string;
  amount: number;
  detail: Record<string, unknown>;
}

/**
 * Pays rewards in ONE statement: each (worker, key) row not paid before is inserted, and only the
 * inserted ones get their `reward` ledger entry and move their balance. A concurrent run that
 * inserts the same key waits on the unique index and then inserts nothing, so it pays nothing.
 * Returns the rewards this call paid.
 */
export async function payRewards(db: Db, due: DueReward[]): Promise<{ userId: number; key: string; amount: number }[]> {
  if (due.length === 0) return [];
  const json = JSON.stringify(due.map((d) => ({ user_id: d.userId, kind: d.kind, key: d.key, amount: d.amount, detail: d.detail })));
  const res = await db.execute(sql`
    with due as (
      select * from jsonb_to_recordset(${json}::jsonb) as d(user_id bigint, kind text, key text, amount bigint, detail jsonb)
      where exists (select 1 from users u where u.id = d.user_id and u.deleted_at is null)
    ), ins as (
      insert into worker_rewards (user_id, kind, key, amount, detail)
      select user_id, kind, key, amount, detail from due order by user_id, key
      on conflict (user_id, key) do nothing
      returning user_id, key, amount
    ), entries as (
      insert into ledger_entries (user_id, amount, kind, reason)
      select user_id, amount, 'reward', 'Worker hub reward ' || key from ins
      returning user_id
    ), moved as (
      update users u set balance = u.balance + s.total
      from (select user_id, sum(amount)::bigint as total from ins group by user_id) s
      where u.id = s.user_id
      returning u.id
    )
    select ins.user_id, ins.key, ins.amount, (select count(*) from entries) as entries, (select count(*) from moved) as moved from ins`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({ userId: num(r.user_id), key: String(r.key), amount: num(r.amount) }));
}

/** Keys already paid to these workers (to skip computing what cannot be paid again). */
export async function paidKeys(db: Db, userIds: number[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const res = await db.execute(sql`select user_id, key from worker_rewards where user_id = any(${`{${userIds.join(',')}}`}::bigint[])`);
  return new Set((res.rows as Record<string, unknown>[]).map((r) => `${num(r.user_id)}|${String(r.key)}`));
}

export async function rewardsOf(db: Db, userId: number, limit: number) {
  const res = await db.execute(sql`
    select kind, key, amount, detail, created_at from worker_rewards where user_id = ${userId}
    order by created_at desc, id desc limit ${limit}`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    kind: String(r.kind) as DueReward['kind'],
    key: String(r.key),
    amount: num(r.amount),
    detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
    createdAt: new Date(r.created_at as string).toISOString(),
  }));
}

export async function findOptOut(db: Db, userId: number): Promise<boolean> {
  const res = await db.execute(sql`select leaderboard_opt_out from worker_hub_settings where user_id = ${userId}`);
  return Boolean((res.rows[0] as { leaderboard_opt_out?: boolean } | undefined)?.leaderboard_opt_out);
}

export async function saveOptOut(db: Db, userId: number, optOut: boolean): Promise<void> {
  await db.execute(sql`
    insert into worker_hub_settings (user_id, leaderboard_opt_out, updated_at) values (${userId}, ${optOut}, now())
    on conflict (user_id) do update set leaderboard_opt_out = excluded.leaderboard_opt_out, updated_at = now()`);
}

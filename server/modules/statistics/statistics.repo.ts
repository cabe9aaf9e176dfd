import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * SQL of the public statistics. Roll-ups count only customers' real tasks: verification re-solves
 * (verifies_task_id set) and sandbox tasks are left out everywhere. stats_hourly is kept up to date
 * incrementally: statement triggers on tasks (migration 0011) journal what each statement adds to
 * it, and the roll-up applies the journal; the full recomputation remains for the first backfill
 * and as the reference the tests hold the journal against.
 */

/** Any fixed number: the advisory lock that lets one node at a time roll up (migration 0011 takes it too). */
export const ROLLUP_LOCK = 5_113_001;

/** One stats_hourly row; `hour` as an ISO string. */
export interface StatsRow {
  hour: string;
  type: string;
  submitted: number;
  solved: number;
  unsolvable: number;
  spend: number;
  earned: number;
  turnaroundMs: number;
  waitMs: number;
  workMs: number;
}

/**
 * The full recomputation: the stats_hourly rows tasks give for the hours in [from, to), or for
 * every hour. `submitted` counts by created_at hour; solved, unsolvable, money and time sums by
 * ended_at hour. Time sums run over solved tasks: turnaround = ended − created,
 * wait = assigned − created, work = ended − assigned, with assigned_at clamped into
 * [created, ended] (a task without assigned_at counts as all work), so wait + work = turnaround.
 * Written independently of the journal's trigger functions (migration 0011): the tests hold one
 * against the other.
 */
function recomputeSql(win?: { from: Date; to: Date }) {
  const fromIso = win?.from.toISOString();
  const toIso = win?.to.toISOString();
  const created = win ? sql`created_at >= ${fromIso}::timestamptz and created_at < ${toIso}::timestamptz` : sql`true`;
  const ended = win ? sql`ended_at >= ${fromIso}::timestamptz and ended_at < ${toIso}::timestamptz` : sql`ended_at is not null`;
  return sql`
    with real_tasks as (
      select type, state, created_at, ended_at, price, reward,
        least(greatest(coalesce(assigned_at, created_at), created_at), coalesce(ended_at, created_at)) as assigned
      from tasks
      where verifies_task_id is null and not sandbox and ((${ended}) or (${created}))
    ),
    sub as (
      select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, type, count(*)::int as submitted
      from real_tasks where ${created}
      group by 1, 2
    ),
    fin as (
      select date_trunc('hour', ended_at at time zone 'UTC') at time zone 'UTC' as hour, type,
        count(*) filter (where state = 'solved')::int as solved,
        count(*) filter (where state = 'unsolvable')::int as unsolvable,
        coalesce(sum(price) filter (where state = 'solved'), 0)::bigint as spend,
        coalesce(sum(reward) filter (where state = 'solved'), 0)::bigint as earned,
        coalesce(sum(round(extract(epoch from ended_at - created_at) * 1000)) filter (where state = 'solved'), 0)::bigint as turnaround,
        coalesce(sum(round(extract(epoch from assigned - created_at) * 1000)) filter (where state = 'solved'), 0)::bigint as wait,
        coalesce(sum(round(extract(epoch from ended_at - assigned) * 1000)) filter (where state = 'solved'), 0)::bigint as work
      from real_tasks
      where state in ('solved', 'unsolvable') and ${ended}
      group by 1, 2
    )
    select coalesce(sub.hour, fin.hour) as hour, coalesce(sub.type, fin.type) as type,
      coalesce(sub.submitted, 0) as submitted, coalesce(fin.solved, 0) as solved, coalesce(fin.unsolvable, 0) as unsolvable,
      coalesce(fin.spend, 0) as spend, coalesce(fin.earned, 0) as earned,
      coalesce(fin.turnaround, 0) as turnaround, coalesce(fin.wait, 0) as wait, coalesce(fin.work, 0) as work
    from sub full join fin on sub.hour = fin.hour and sub.type = fin.type`;
}

const toStatsRow = (r: Record<string, unknown>): StatsRow => ({
  hour: new Date(r.hour as string | Date).toISOString(),
  type: String(r.type),
  submitted: Number(r.submitted),
  solved: Number(r.solved),
  unsolvable: Number(r.unsolvable),
  spend: Number(r.spend),
  earned: Number(r.earned),
  turnaroundMs: Number(r.turnaround),
  waitMs: Number(r.wait),
  workMs: Number(r.work),
});

/** The full recomputation from tasks (read only), ordered by hour and type. */
export async function recomputeStats(db: Db, win?: { from: Date; to: Date }): Promise<StatsRow[]> {
  const res = await db.execute(sql`select * from (${recomputeSql(win)}) r order by hour, type`);
  return (res.rows as Record<string, unknown>[]).map(toStatsRow);
}

/** stats_hourly as it is, ordered by hour and type. */
export async function readStatsHourly(db: Db): Promise<StatsRow[]> {
  const res = await db.execute(sql`
    select hour, type, submitted, solved, unsolvable, spend, earned, turnaround_ms_sum as turnaround, wait_ms_sum as wait, work_ms_sum as work
    from stats_hourly order by hour, type`);
  return (res.rows as Record<string, unknown>[]).map(toStatsRow);
}

/**
 * The first backfill: stats_hourly (empty) gets every hour recomputed from tasks, and the journal
 * is emptied, in ONE statement: both read the same snapshot, so what a transaction committing
 * meanwhile journals is in neither and is applied by the next run.
 */
async function backfill(db: Db): Promise<void> {
  await db.execute(sql`
    with cleared as (delete from stats_journal),
    fresh as (${recomputeSql()})
    insert into stats_hourly (hour, type, submitted, solved, unsolvable, spend, earned, turnaround_ms_sum, wait_ms_sum, work_ms_sum)
    select hour, type, submitted, solved, unsolvable, spend, earned, turnaround, wait, work from fresh
    on conflict (hour, type) do update set
      submitted = excluded.submitted, solved = excluded.solved, unsolvable = excluded.unsolvable,
      spend = excluded.spend, earned = excluded.earned, turnaround_ms_sum = excluded.turnaround_ms_sum,
      wait_ms_sum = excluded.wait_ms_sum, work_ms_sum = excluded.work_ms_sum`);
}

/**
 * Moves the journal into stats_hourly in one statement: DELETE … RETURNING takes exactly the
 * committed rows it removes (a row committed later stays for the next run; two runs at once never
 * both take a row), summed per (hour, type) and added to stats_hourly. A row a correction brought
 * to all zeros is removed, as the recomputation would not have it. Call inside a transaction.
 * @returns how many journal rows were applied
 */
export async function applyJournal(db: Db): Promise<number> {
  const res = await db.execute<{ consumed: number; empty: string | null }>(sql`
    with taken as (
      delete from stats_journal returning *
    ),
    summed as (
      select hour, type, sum(submitted)::int as submitted, sum(solved)::int as solved, sum(unsolvable)::int as unsolvable,
        sum(spend)::bigint as spend, sum(earned)::bigint as earned, sum(turnaround_ms_sum)::bigint as turnaround,
        sum(wait_ms_sum)::bigint as wait, sum(work_ms_sum)::bigint as work
      from taken group by hour, type
    ),
    added as (
      insert into stats_hourly as s (hour, type, submitted, solved, unsolvable, spend, earned, turnaround_ms_sum, wait_ms_sum, work_ms_sum)
      select hour, type, submitted, solved, unsolvable, spend, earned, turnaround, wait, work from summed
      on conflict (hour, type) do update set
        submitted = s.submitted + excluded.submitted, solved = s.solved + excluded.solved, unsolvable = s.unsolvable + excluded.unsolvable,
        spend = s.spend + excluded.spend, earned = s.earned + excluded.earned, turnaround_ms_sum = s.turnaround_ms_sum + excluded.turnaround_ms_sum,
        wait_ms_sum = s.wait_ms_sum + excluded.wait_ms_sum, work_ms_sum = s.work_ms_sum + excluded.work_ms_sum
      returning hour, type, (submitted = 0 and solved = 0 and unsolvable = 0 and spend = 0 and earned = 0
        and turnaround_ms_sum = 0 and wait_ms_sum = 0 and work_ms_sum = 0) as empty
    )
    select (select count(*) from taken)::int as consumed,
      (select json_agg(json_build_object('hour', hour, 'type', type)) from added where empty)::text as empty`);
  const row = res.rows[0]!;
  if (row.empty) {
    await db.execute(sql`
      delete from stats_hourly s using json_to_recordset(${row.empty}::json) as k(hour timestamptz, type text)
      where s.hour = k.hour and s.type = k.type and s.submitted = 0 and s.solved = 0 and s.unsolvable = 0 and s.spend = 0
        and s.earned = 0 and s.turnaround_ms_sum = 0 and s.wait_ms_sum = 0 and s.work_ms_sum = 0`);
  }
  return Number(row.consumed);
}

/**
 * One roll-up, in one transaction, when no other node is doing one (else returns false at once):
 * the journal applied to stats_hourly, or, when stats_hourly is empty, the backfill. Its cost
 * follows the journal (what changed since the last run), not the history.
 */
export async function rollUp(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as ok`);
    if (!lock.rows[0]?.ok) return false;
    const res = await tx.execute<{ any: boolean }>(sql`select exists (select 1 from stats_hourly) as any`);
    if (res.rows[0]?.any) await applyJournal(tx);
    else await backfill(tx);
    return true;
  });
}

/**
 * One load sample of this node for the current minute (the first write of a minute wins, so the
 * job may run several times a minute). `queued` counts the real queue from tasks.
 */
export async function writeLoadSample(db: Db, node: string, workers: { online: number; busy: number }): Promise<void> {
  await db.execute(sql`
    insert into load_samples (at, node, workers_online, workers_busy, queued)
    select date_trunc('minute', now()), ${node}, ${workers.online}, ${workers.busy},
      (select count(*) from tasks where state = 'queued' and verifies_task_id is null and not sandbox)::int
    on conflict (at, node) do nothing`);
}

export interface HourlyBucket {
  /** Epoch ms of the bucket start (UTC hour or day). */
  t: number;
  submitted: number;
  solved: number;
  unsolvable: number;
  spend: number;
  earned: number;
  turnaroundMs: number;
  waitMs: number;
  workMs: number;
}

/** stats_hourly summed per bucket ('hour' or 'day', UTC) over [from, to); buckets without rows are absent. */
export async function sumStats(db: Db, unit: 'hour' | 'day', from: Date, to: Date): Promise<HourlyBucket[]> {
  const res = await db.execute<Record<keyof HourlyBucket, number | string>>(sql`
    select (extract(epoch from date_trunc(${unit}, hour at time zone 'UTC') at time zone 'UTC') * 1000)::float8 as t,
      sum(submitted)::float8 as submitted, sum(solved)::float8 as solved, sum(unsolvable)::float8 as unsolvable,
      sum(spend)::float8 as spend, sum(earned)::float8 as earned, sum(turnaround_ms_sum)::float8 as "turnaroundMs",
      sum(wait_ms_sum)::float8 as "waitMs", sum(work_ms_sum)::float8 as "workMs"
    from stats_hourly
    where hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz
    group by 1 order by 1`);
  return res.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as HourlyBucket);
}

export interface LoadBucket {
  t: number;
  /** Averages over the sampled minutes of the bucket (all nodes summed per minute). */
  online: number;
  busy: number;
  queued: number;
  /** Mean of the per-minute load %, busy / online (100 when tasks wait and nobody is online). */
  load: number;
  peakOnline: number;
}

/**
 * Per-minute totals over nodes (online and busy summed, queued is global so its max), then per
 * bucket averages. Load of a minute: busy / online × 100; with nobody online, 100 if tasks are
 * queued, else 0.
 */
export async function sumLoad(db: Db, unit: 'hour' | 'day', from: Date, to: Date): Promise<LoadBucket[]> {
  const res = await db.execute<Record<keyof LoadBucket, number | string>>(sql`
    with minutes as (
      select at, sum(workers_online)::float8 as online, sum(workers_busy)::float8 as busy, max(queued)::float8 as queued
      from load_samples
      where at >= ${from.toISOString()}::timestamptz and at < ${to.toISOString()}::timestamptz
      group by at
    )
    select (extract(epoch from date_trunc(${unit}, at at time zone 'UTC') at time zone 'UTC') * 1000)::float8 as t,
      avg(online)::float8 as online, avg(busy)::float8 as busy, avg(queued)::float8 as queued,
      avg(case when online > 0 then least(100, busy / online * 100) when queued > 0 then 100 else 0 end)::float8 as load,
      max(online)::float8 as "peakOnline"
    from minutes group by 1 order by 1`);
  return res.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as LoadBucket);
}

export interface LoadNow {
  at: number | null;
  online: number;
  busy: number;
  queued: number;
}

/** The latest sampled minute of the last five (all nodes summed); zeros when nothing was sampled. */
export async function latestLoad(db: Db): Promise<LoadNow> {
  const res = await db.execute<{ at: number; online: number; busy: number; queued: number }>(sql`
    select (extract(epoch from at) * 1000)::float8 as at, sum(workers_online)::float8 as online,
      sum(workers_busy)::float8 as busy, max(queued)::float8 as queued
    from load_samples
    where at = (select max(at) from load_samples where at > now() - interval '5 minutes')
    group by at`);
  const r = res.rows[0];
  return r ? { at: Number(r.at), online: Number(r.online), busy: Number(r.busy), queued: Number(r.queued) } : { at: null, online: 0, busy: 0, queued: 0 };
}

import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** Today's figures of a customer's own captchas (verification re-solves excluded). */
export async function todayFigures(db: Db, customerId: number, from: Date) {
  const res = await db.execute(sql`
    select
      count(*)::int as count,
      count(*) filter (where state = 'solved')::int as solved,
      count(*) filter (where state = 'unsolvable')::int as unsolvable,
      count(*) filter (where state in ('queued', 'assigned'))::int as in_progress,
      coalesce(sum(price) filter (where state <> 'unsolvable'), 0)::bigint as spend
    from tasks
    where customer_id = ${customerId} and verifies_task_id is null and created_at >= ${from.toISOString()}`);
  const r = res.rows[0] as Record<string, unknown>;
  return {
    count: Number(r.count),
    solved: Number(r.solved),
    unsolvable: Number(r.unsolvable),
    inProgress: Number(r.in_progress),
    spend: Number(r.spend),
  };
}

/** Per type: today's solved captchas and their mean upload-to-answer time in ms. */
export async function todaySolveTimes(db: Db, customerId: number, from: Date) {
  const res = await db.execute(sql`
    select type, count(*)::int as solved,
      round(avg(extract(epoch from (ended_at - created_at)) * 1000))::bigint as average_ms
    from tasks
    where customer_id = ${customerId} and verifies_task_id is null and state = 'solved'
      and ended_at is not null and created_at >= ${from.toISOString()}
    group by type
    order by count(*) desc, type`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({ type: String(r.type), solved: Number(r.solved), averageMs: Number(r.average_ms) }));
}

/** The customer's newest captchas. */
export async function recentTasks(db: Db, customerId: number, limit: number) {
  const res = await db.execute(sql`
    select id, type, state, price, created_at, ended_at, sandbox, answer, payload, failure
    from tasks
    where customer_id = ${customerId} and verifies_task_id is null
    order by id desc
    limit ${limit}`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    id: Number(r.id),
    type: String(r.type),
    state: r.state as 'queued' | 'assigned' | 'solved' | 'unsolvable',
    price: Number(r.price),
    createdAt: new Date(r.created_at as string),
    endedAt: r.ended_at == null ? null : new Date(r.ended_at as string),
    sandbox: Boolean(r.sandbox),
    answer: (r.answer ?? null) as Record<string, unknown> | null,
    payload: r.payload as Record<string, unknown>,
    failure: (r.failure ?? null) as string | null,
  }));
}

import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Everything the dashboard shows in one statement (one round trip): today's counts and spend
 * from `from`, per type today's solved captchas with their mean upload-to-answer time in ms, and
 * the customer's newest `limit` captchas.
 */
export async function dashboardData(db: Db, customerId: number, from: Date, limit: number) {
  const res = await db.execute(sql`
    with today as (
      select state, type, price, created_at, ended_at from tasks
      where customer_id = ${customerId} and verifies_task_id is null and created_at >= ${from.toISOString()}
    )
    select
      (select json_build_object(
        'count', count(*),
        'solved', count(*) filter (where state = 'solved'),
        'unsolvable', count(*) filter (where state = 'unsolvable'),
        'in_progress', count(*) filter (where state in ('queued', 'assigned')),
        'spend', coalesce(sum(price) filter (where state <> 'unsolvable'), 0)
      ) from today) as figures,
      (select coalesce(json_agg(t order by t.solved desc, t.type), '[]'::json) from (
        select type, count(*)::int as solved, round(avg(extract(epoch from (ended_at - created_at)) * 1000))::bigint as average_ms
        from today where state = 'solved' and ended_at is not null
        group by type
      ) t) as solve_times,
      (select coalesce(json_agg(r order by r.id desc), '[]'::json) from (
        select id, type, state, price, created_at, ended_at, sandbox, answer, payload, failure
        from tasks
        where customer_id = ${customerId} and verifies_task_id is null
        order by id desc
        limit ${limit}
      ) r) as recent`);
  const row = res.rows[0] as Record<string, unknown>;
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const f = json<Record<string, unknown>>(row.figures);
  return {
    figures: {
      count: Number(f.count),
      solved: Number(f.solved),
      unsolvable: Number(f.unsolvable),
      inProgress: Number(f.in_progress),
      spend: Number(f.spend),
    },
    solveTimes: json<Record<string, unknown>[]>(row.solve_times).map((r) => ({ type: String(r.type), solved: Number(r.solved), averageMs: Number(r.average_ms) })),
    recent: json<Record<string, unknown>[]>(row.recent).map((r) => ({
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
    })),
  };
}

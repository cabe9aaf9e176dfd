import { sql } from 'drizzle-orm';
import type { Ctx } from '#server/lib/ctx.ts';
import { disabledTypes } from '#server/modules/catalog/catalog.service.ts';
import { formatMoney } from '#shared/money.ts';

/**
 * anti-captcha's getQueueStats shape, from live records: tasks waiting, load (% of open tasks
 * that are assigned), the median price per 1000 of the last hour's tasks, solves per minute over
 * the last 10 minutes, and open tasks; switched-off types are left out.
 */
export async function queueStats(ctx: Ctx) {
  // Types switched off by an admin are left out: they take no new tasks.
  const disabled = [...(await disabledTypes(ctx))];
  const open = disabled.length ? sql`and type <> all(array[${sql.join(disabled.map((d) => sql`${d}`), sql`, `)}]::text[])` : sql``;
  const res = await ctx.db.execute(sql`
    select
      (select count(*) from tasks where state = 'queued' ${open})::int as waiting,
      (select count(*) from tasks where state = 'assigned' ${open})::int as assigned,
      (select coalesce(percentile_cont(0.5) within group (order by price), 0) from tasks where created_at > now() - interval '1 hour' ${open})::float8 as median_price,
      (select count(*) from tasks where state = 'solved' and ended_at > now() - interval '10 minutes' ${open})::int as solved10`);
  const r = res.rows[0] as { waiting: number; assigned: number; median_price: number; solved10: number };
  const waiting = Number(r.waiting);
  const total = waiting + Number(r.assigned);
  return {
    waiting,
    load: total === 0 ? 0 : Math.round((Number(r.assigned) / total) * 10000) / 100,
    bid: formatMoney(Math.round(Number(r.median_price) * 1000)),
    speed: Math.round((Number(r.solved10) / 10) * 100) / 100,
    total,
  };
}

import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

export interface HourUsage {
  /** 0–23, UTC. */
  hour: number;
  /** Tasks the customer submitted in that hour. */
  volume: number;
  /** Micro-USD kept for them: solved tasks, less those refunded after an upheld bad report. */
  money: number;
}

/**
 * One customer's submissions per UTC hour in [from, to) (res.php getstats). Verification re-solves
 * are the platform's, not the customer's; unsolvable tasks were refunded, so they cost nothing.
 */
export async function hourlyUsage(db: Db, customerId: number, from: Date, to: Date): Promise<HourUsage[]> {
  const res = await db.execute(sql`
    select extract(hour from created_at at time zone 'UTC')::int as hour,
           count(*)::int as volume,
           coalesce(sum(price) filter (where state = 'solved' and report_outcome is distinct from 'upheld'), 0)::bigint as money
    from tasks
    where customer_id = ${customerId} and verifies_task_id is null
      and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
    group by 1
    order by 1`);
  return (res.rows as { hour: number; volume: number; money: string | number }[]).map((r) => ({ hour: Number(r.hour), volume: Number(r.volume), money: Number(r.money) }));
}

import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** Mean upload-to-answer milliseconds per type over solved tasks since `from` (hourly roll-ups). */
export async function averageSolveMsByType(db: Db, from: Date): Promise<Record<string, number>> {
  const res = await db.execute(sql`
    select type, sum(turnaround_ms_sum)::float8 / sum(solved) as average_ms
    from stats_hourly
    where hour >= ${from.toISOString()}
    group by type
    having sum(solved) > 0`);
  return Object.fromEntries((res.rows as { type: string; average_ms: number | string }[]).map((r) => [r.type, Number(r.average_ms)]));
}

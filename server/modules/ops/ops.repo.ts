import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => ((res as { rows?: Row[] }).rows ?? (res as Row[]));

/** Queued tasks per type and the oldest one's age (the partial index of queued rows). */
export async function queueByType(db: Db) {
  const res = await db.execute(sql`
    select type, count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest
    from tasks where state = 'queued' group by type`);
  return rowsOf(res).map((r) => ({ type: String(r.type), depth: Number(r.depth), oldestSeconds: Math.max(0, Number(r.oldest)) }));
}

/** Tasks per type since the beginning: the hourly statistics plus the journal not yet rolled up. */
export async function taskTotalsByType(db: Db) {
  const res = await db.execute(sql`
    select type, sum(submitted)::bigint as submitted, sum(solved)::bigint as solved, sum(unsolvable)::bigint as unsolvable
    from (select type, submitted, solved, unsolvable from stats_hourly
          union all select type, submitted, solved, unsolvable from stats_journal) s
    group by type`);
  return rowsOf(res).map((r) => ({ type: String(r.type), submitted: Number(r.submitted), solved: Number(r.solved), unsolvable: Number(r.unsolvable) }));
}

/**
 * Ledger sums per kind of the entries after `afterId` and older than 5 s (so an entry whose
 * transaction commits late is not skipped by the cursor), with the new cursor.
 */
export async function ledgerSince(db: Db, afterId: number) {
  const res = await db.execute(sql`
    select kind, coalesce(sum(amount) filter (where amount > 0), 0)::bigint as credit,
           coalesce(-sum(amount) filter (where amount < 0), 0)::bigint as debit, max(id)::bigint as last
    from ledger_entries where id > ${afterId} and created_at < now() - interval '5 seconds'
    group by kind`);
  return rowsOf(res).map((r) => ({ kind: String(r.kind), credit: Number(r.credit), debit: Number(r.debit), last: Number(r.last) }));
}

/** The newest migration this database has applied (its journal `when`), 0 when none. */
export async function lastAppliedMigration(db: Db): Promise<number> {
  const res = await db.execute(sql`select coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations`);
  return Number(rowsOf(res)[0]?.last ?? 0);
}

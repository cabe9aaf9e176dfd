import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Ban, CounterDelta, CounterState } from './types.ts';

/** The PostgreSQL store's SQL: two UNLOGGED tables (migration 0019) and one NOTIFY channel. */
export const BAN_CHANNEL = 'shared_limits';

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => ((res as { rows?: Row[] }).rows ?? (res as Row[]));

/**
 * Adds every delta in one statement (keys in sorted order, so two nodes' flushes lock rows in the
 * same order); a window that has passed at `now` starts again with the delta.
 */
export async function addCounts(db: Db, deltas: CounterDelta[], now: number): Promise<CounterState[]> {
  const input = JSON.stringify([...deltas].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((d) => ({ key: d.key, started_at: d.startedAt, window_ms: d.windowMs, delta: d.delta })));
  const res = await db.execute(sql`
    insert into shared_counters (key, started_at, window_ms, count)
    select t.key, case when ${now}::bigint - t.started_at > t.window_ms then ${now}::bigint else t.started_at end, t.window_ms, t.delta
    from jsonb_to_recordset(${input}::jsonb) as t(key text, started_at bigint, window_ms bigint, delta bigint)
    on conflict (key) do update set
      started_at = case when ${now}::bigint - shared_counters.started_at > excluded.window_ms then excluded.started_at else shared_counters.started_at end,
      count = case when ${now}::bigint - shared_counters.started_at > excluded.window_ms then excluded.count else shared_counters.count + excluded.count end,
      window_ms = excluded.window_ms
    returning key, started_at, count`);
  return rowsOf(res).map((r) => ({ key: String(r.key), startedAt: Number(r.started_at), count: Number(r.count) }));
}

/** Records the ban, resets its counters and NOTIFYs every node, in one statement. */
export async function insertBan(db: Db, ban: Ban): Promise<void> {
  await db.execute(sql`
    with b as (
      insert into shared_bans (key, until, reset) values (${ban.key}, ${ban.until}, ${JSON.stringify(ban.reset)}::jsonb)
      on conflict (key) do update set until = greatest(shared_bans.until, excluded.until), reset = excluded.reset
      returning 1
    ), r as (
      delete from shared_counters where key in (select jsonb_array_elements_text(${JSON.stringify(ban.reset)}::jsonb)) returning 1
    )
    select pg_notify(${BAN_CHANNEL}, ${JSON.stringify(ban)}), (select count(*) from b), (select count(*) from r)`);
}

export async function selectActiveBans(db: Db, now: number): Promise<Ban[]> {
  const res = await db.execute(sql`select key, until, reset from shared_bans where until > ${now}::bigint`);
  return rowsOf(res).map((r) => ({ key: String(r.key), until: Number(r.until), reset: (r.reset as string[] | null) ?? [] }));
}

export async function deleteExpired(db: Db, now: number): Promise<void> {
  await db.execute(sql`delete from shared_counters where ${now}::bigint - started_at > window_ms`);
  await db.execute(sql`delete from shared_bans where until <= ${now}::bigint`);
}

import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { apiErrors, users } from '#server/db/schema/index.ts';

export type ApiErrorRow = typeof apiErrors.$inferSelect;
export type NewApiError = typeof apiErrors.$inferInsert;

/** Live accounts of these API keys: key → user id. */
export async function userIdsByApiKeys(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select({ id: users.id, apiKey: users.apiKey }).from(users).where(and(inArray(users.apiKey, keys), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.apiKey, r.id]));
}

export async function insertApiErrors(db: Db, rows: NewApiError[]) {
  if (rows.length > 0) await db.insert(apiErrors).values(rows);
}

/** Keeps only each listed account's newest `keep` rows. */
export async function capApiErrors(db: Db, userIds: number[], keep: number) {
  if (userIds.length === 0) return;
  const ids = sql`array[${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}]::bigint[]`;
  await db.execute(sql`
    delete from api_errors a using (
      select u.user_id, (select e.id from api_errors e where e.user_id = u.user_id order by e.created_at desc, e.id desc offset ${keep - 1} limit 1) as oldest_kept
      from unnest(${ids}) as u(user_id)
    ) c
    where a.user_id = c.user_id and c.oldest_kept is not null and a.id < c.oldest_kept`);
}

/** Deletes rows older than `days`; returns how many. */
export async function pruneApiErrors(db: Db, days: number): Promise<number> {
  const res = await db.execute(sql`delete from api_errors where created_at < now() - make_interval(days => ${days}::int)`);
  return Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0);
}

/**
 * An account's API errors, newest first: `limit` rows (1–200, default 50) with an id below
 * `before` when given (pass the last row's id to get the next page).
 */
export async function listApiErrors(db: Db, userId: number, opts: { limit?: number; before?: number } = {}) {
  const limit = Math.min(200, Math.max(1, Math.floor(opts.limit ?? 50)));
  return db
    .select({ id: apiErrors.id, ip: apiErrors.ip, code: apiErrors.code, summary: apiErrors.summary, createdAt: apiErrors.createdAt })
    .from(apiErrors)
    .where(opts.before !== undefined ? and(eq(apiErrors.userId, userId), lt(apiErrors.id, opts.before)) : eq(apiErrors.userId, userId))
    .orderBy(desc(apiErrors.id))
    .limit(limit);
}

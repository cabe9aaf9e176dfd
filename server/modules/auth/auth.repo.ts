import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { authThrottle, authTokens, sessions, users } from '#server/db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type TokenPurpose = (typeof authTokens.$inferInsert)['purpose'];

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(session).returning();
  return row!;
}

/** A live session with its user (null when the user row no longer exists). */
export async function findSessionWithUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)));
  return row;
}

export async function updateSession(db: Db, id: number, patch: Partial<typeof sessions.$inferInsert>) {
  await db.update(sessions).set(patch).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, id: number) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Signs a user out everywhere, optionally keeping one session. */
export async function deleteUserSessions(db: Db, userId: number, exceptId?: number) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined));
}

export async function insertToken(db: Db, token: typeof authTokens.$inferInsert) {
  await db.insert(authTokens).values(token);
}

/** Uses a hash link once: matches purpose, user, unexpired and unused, and marks it used. */
export async function consumeToken(db: Db, purpose: TokenPurpose, tokenHash: string, userId: number) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        eq(authTokens.userId, userId),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** A link's row by its hash, used or not (callers look at usedAt and expiresAt). */
export async function findToken(db: Db, purpose: TokenPurpose, tokenHash: string, userId: number) {
  const [row] = await db.select().from(authTokens).where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), eq(authTokens.userId, userId)));
  return row;
}

/** Voids the unused links of a purpose (a new remind link replaces the old ones). */
export async function voidTokens(db: Db, userId: number, purpose: TokenPurpose) {
  await db.update(authTokens).set({ usedAt: sql`now()` }).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/** Seconds until the key is unlocked, or 0. */
export async function lockedFor(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ s: sql<number>`greatest(0, ceil(extract(epoch from (${authThrottle.lockedUntil} - now()))))::int` })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  return Number(row?.s ?? 0);
}

/**
 * Counts a failure within a sliding window; at `max` failures the key locks for `lockSeconds`.
 * One statement, so concurrent failures are all counted.
 */
export async function recordFailure(db: Db, key: string, max: number, windowSeconds: number, lockSeconds: number) {
  await db.execute(sql`
    insert into auth_throttle (key, failures, window_started_at, locked_until) values (${key}, 1, now(), null)
    on conflict (key) do update set
      failures = case when auth_throttle.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else auth_throttle.failures + 1 end,
      window_started_at = case when auth_throttle.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else auth_throttle.window_started_at end,
      locked_until = case when (case when auth_throttle.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else auth_throttle.failures + 1 end) >= ${max}
        then now() + make_interval(secs => ${lockSeconds}) else auth_throttle.locked_until end`);
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Voids every pending link of a user (account deletion). */
export async function deleteUserTokens(db: Db, userId: number) {
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
}

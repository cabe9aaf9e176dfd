import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { enterpriseSubscriptions } from '#server/db/schema/index.ts';

export type SubscriptionRow = typeof enterpriseSubscriptions.$inferSelect;
const s = enterpriseSubscriptions;

/** Running now: started, not expired, not ended. The task trigger of migration 0022 uses the same rule. */
export async function activeSubscription(db: Db, userId: number, at = new Date()): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(s)
    .where(and(eq(s.userId, userId), isNull(s.endedAt), lte(s.startsAt, at), gt(s.expiresAt, at)))
    .orderBy(desc(s.expiresAt))
    .limit(1);
  return row;
}

/** The latest period not over (running, or prepaid to start after the running one). */
export async function latestSubscription(db: Db, userId: number, at = new Date()): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(s).where(and(eq(s.userId, userId), isNull(s.endedAt), gt(s.expiresAt, at))).orderBy(desc(s.expiresAt)).limit(1);
  return row;
}

/** Serialises purchases and renewals of one user (a transaction-scoped advisory lock). */
export async function lockUser(db: Db, userId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(1800, ${userId}::int)`);
}

export async function findSubscription(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(s).where(eq(s.id, id));
  return row;
}

export async function insertSubscription(db: Db, row: typeof enterpriseSubscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [out] = await db.insert(s).values(row).returning();
  return out!;
}

export async function updateSubscription(db: Db, id: number, patch: Partial<typeof enterpriseSubscriptions.$inferInsert>) {
  await db.update(s).set(patch).where(eq(s.id, id));
}

export async function setAutoRenew(db: Db, userId: number, autoRenew: boolean) {
  await db.update(s).set({ autoRenew }).where(and(eq(s.userId, userId), isNull(s.endedAt)));
}

/** Periods that reached their end with no successor yet: renew or expire them. */
export async function dueSubscriptions(db: Db, at: Date, limit: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(s)
    .where(and(isNull(s.endedAt), isNull(s.renewedAt), lte(s.expiresAt, at)))
    .orderBy(asc(s.expiresAt))
    .limit(limit);
}

/** Users whose subscription runs now, among `ids` (the staff queue's and the API limits' question). */
export async function activeAmong(db: Db, ids: number[], at = new Date()): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.execute(sql`select distinct user_id from enterprise_subscriptions
    where user_id = any(${sql`ARRAY[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::bigint[]`})
      and ended_at is null and starts_at <= ${at.toISOString()}::timestamptz and expires_at > ${at.toISOString()}::timestamptz`);
  return new Set((rows.rows as { user_id: string | number }[]).map((r) => Number(r.user_id)));
}

/** API keys of the accounts whose plan runs now, with the plan (the compatible API's limits). */
export async function activeKeys(db: Db, at = new Date()): Promise<{ apiKey: string; plan: SubscriptionRow['plan'] }[]> {
  const rows = await db.execute(sql`select distinct on (u.id) u.api_key, s.plan from enterprise_subscriptions s join users u on u.id = s.user_id
    where s.ended_at is null and s.starts_at <= ${at.toISOString()}::timestamptz and s.expires_at > ${at.toISOString()}::timestamptz and u.deleted_at is null
    order by u.id, s.expires_at desc`);
  return (rows.rows as { api_key: string; plan: SubscriptionRow['plan'] }[]).map((r) => ({ apiKey: r.api_key, plan: r.plan }));
}

/** Users whose plan runs at `at`, with the plan. */
export async function activeUsers(db: Db, at = new Date()): Promise<{ userId: number; plan: SubscriptionRow['plan'] }[]> {
  const rows = await db.execute(sql`select distinct on (s.user_id) s.user_id, s.plan from enterprise_subscriptions s
    where s.ended_at is null and s.starts_at <= ${at.toISOString()}::timestamptz and s.expires_at > ${at.toISOString()}::timestamptz
    order by s.user_id, s.expires_at desc`);
  return (rows.rows as { user_id: string | number; plan: SubscriptionRow['plan'] }[]).map((r) => ({ userId: Number(r.user_id), plan: r.plan }));
}

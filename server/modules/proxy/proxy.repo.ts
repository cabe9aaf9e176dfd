import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { proxyPurchases, proxySubUsers, proxyUsageDaily, proxyWhitelist } from '#server/db/schema/index.ts';
import type { ProxyPlanType } from '#shared/proxy/catalog.ts';

export type PurchaseRow = typeof proxyPurchases.$inferSelect;
export type SubUserRow = typeof proxySubUsers.$inferSelect;
export type WhitelistRow = typeof proxyWhitelist.$inferSelect;

// ---- purchases ---------------------------------------------------------------------------------

export async function insertPurchase(db: Db, row: typeof proxyPurchases.$inferInsert): Promise<PurchaseRow> {
  const [created] = await db.insert(proxyPurchases).values(row).returning();
  return created!;
}

export function listPurchases(db: Db, userId: number, limit = 50): Promise<PurchaseRow[]> {
  return db.select().from(proxyPurchases).where(eq(proxyPurchases.userId, userId)).orderBy(desc(proxyPurchases.id)).limit(limit);
}

export interface TrafficRow {
  planType: ProxyPlanType;
  bytesTotal: number;
  bytesUsed: number;
  ips: number;
  nextExpiry: Date | null;
}

/** Unexpired plans per type: traffic totals and used bytes, static IPs, the next expiry. */
export async function trafficByType(db: Db, userId: number): Promise<TrafficRow[]> {
  const res = await db.execute(sql`
    select plan_type, coalesce(sum(bytes_total) filter (where unit = 'gb'), 0)::bigint as total,
           coalesce(sum(bytes_used) filter (where unit = 'gb'), 0)::bigint as used,
           coalesce(sum(quantity) filter (where unit = 'ip'), 0)::bigint as ips, min(expires_at) as next
    from proxy_purchases where user_id = ${userId} and expires_at > now() group by plan_type`);
  return (res.rows as { plan_type: ProxyPlanType; total: number | string; used: number | string; ips: number | string; next: Date | string | null }[]).map((r) => ({
    planType: r.plan_type,
    bytesTotal: Number(r.total),
    bytesUsed: Number(r.used),
    ips: Number(r.ips),
    nextExpiry: r.next ? new Date(r.next) : null,
  }));
}

// ---- sub-users ---------------------------------------------------------------------------------

export async function insertSubUser(db: Db, row: typeof proxySubUsers.$inferInsert): Promise<SubUserRow | null> {
  const [created] = await db.insert(proxySubUsers).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export function listSubUsers(db: Db, userId: number): Promise<SubUserRow[]> {
  return db.select().from(proxySubUsers).where(eq(proxySubUsers.userId, userId)).orderBy(asc(proxySubUsers.id));
}

export async function countSubUsers(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(proxySubUsers).where(eq(proxySubUsers.userId, userId));
  return Number(row?.n ?? 0);
}

export async function findSubUser(db: Db, userId: number, id: number): Promise<SubUserRow | undefined> {
  const [row] = await db.select().from(proxySubUsers).where(and(eq(proxySubUsers.id, id), eq(proxySubUsers.userId, userId)));
  return row;
}

export async function updateSubUser(db: Db, userId: number, id: number, patch: Partial<typeof proxySubUsers.$inferInsert>): Promise<SubUserRow | undefined> {
  const [row] = await db.update(proxySubUsers).set(patch).where(and(eq(proxySubUsers.id, id), eq(proxySubUsers.userId, userId))).returning();
  return row;
}

// ---- whitelist ---------------------------------------------------------------------------------

export function listWhitelist(db: Db, userId: number): Promise<(WhitelistRow & { login: string })[]> {
  return db
    .select({ id: proxyWhitelist.id, userId: proxyWhitelist.userId, subUserId: proxyWhitelist.subUserId, cidr: proxyWhitelist.cidr, createdAt: proxyWhitelist.createdAt, login: proxySubUsers.login })
    .from(proxyWhitelist)
    .innerJoin(proxySubUsers, eq(proxySubUsers.id, proxyWhitelist.subUserId))
    .where(eq(proxyWhitelist.userId, userId))
    .orderBy(asc(proxyWhitelist.id));
}

/** @returns the entry, or null when the range is already on some account's whitelist. */
export async function insertWhitelist(db: Db, row: typeof proxyWhitelist.$inferInsert): Promise<WhitelistRow | null> {
  const [created] = await db.insert(proxyWhitelist).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function deleteWhitelist(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(proxyWhitelist).where(and(eq(proxyWhitelist.id, id), eq(proxyWhitelist.userId, userId))).returning({ id: proxyWhitelist.id });
  return rows.length > 0;
}

export async function countWhitelist(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(proxyWhitelist).where(eq(proxyWhitelist.userId, userId));
  return Number(row?.n ?? 0);
}

// ---- statistics --------------------------------------------------------------------------------

export async function usageRows(db: Db, userId: number, from: string, to: string) {
  return db
    .select({
      day: proxyUsageDaily.day,
      subUserId: proxyUsageDaily.subUserId,
      login: proxySubUsers.login,
      planType: proxyUsageDaily.planType,
      bytesUp: proxyUsageDaily.bytesUp,
      bytesDown: proxyUsageDaily.bytesDown,
      connections: proxyUsageDaily.connections,
    })
    .from(proxyUsageDaily)
    .innerJoin(proxySubUsers, eq(proxySubUsers.id, proxyUsageDaily.subUserId))
    .where(and(eq(proxyUsageDaily.userId, userId), sql`${proxyUsageDaily.day} between ${from}::date and ${to}::date`))
    .orderBy(desc(proxyUsageDaily.day), asc(proxySubUsers.login), asc(proxyUsageDaily.planType));
}

// ---- the gateway's view ------------------------------------------------------------------------

/** Every sub-user the gateway may authenticate (disabled ones too: they are refused by name). */
export function gatewaySubUsers(db: Db) {
  return db
    .select({
      id: proxySubUsers.id,
      userId: proxySubUsers.userId,
      login: proxySubUsers.login,
      passwordSalt: proxySubUsers.passwordSalt,
      passwordHash: proxySubUsers.passwordHash,
      trafficLimit: proxySubUsers.trafficLimit,
      maxConnections: proxySubUsers.maxConnections,
      bytesUp: proxySubUsers.bytesUp,
      bytesDown: proxySubUsers.bytesDown,
      disabledAt: proxySubUsers.disabledAt,
    })
    .from(proxySubUsers);
}

export function gatewayWhitelist(db: Db) {
  return db
    .select({ cidr: proxyWhitelist.cidr, subUserId: proxyWhitelist.subUserId })
    .from(proxyWhitelist)
    .innerJoin(proxySubUsers, eq(proxySubUsers.id, proxyWhitelist.subUserId))
    .where(isNull(proxySubUsers.disabledAt));
}

/** Per account and type: bytes left in unexpired traffic packages, and whether an IP plan runs. */
export async function gatewayAllowances(db: Db): Promise<{ userId: number; planType: ProxyPlanType; bytesLeft: number; ips: number }[]> {
  const rows = await db
    .select({
      userId: proxyPurchases.userId,
      planType: proxyPurchases.planType,
      bytesLeft: sql<string>`coalesce(sum(${proxyPurchases.bytesTotal} - ${proxyPurchases.bytesUsed}) filter (where ${proxyPurchases.unit} = 'gb'), 0)::bigint`,
      ips: sql<string>`coalesce(sum(${proxyPurchases.quantity}) filter (where ${proxyPurchases.unit} = 'ip'), 0)::bigint`,
    })
    .from(proxyPurchases)
    .where(gt(proxyPurchases.expiresAt, sql`now()`))
    .groupBy(proxyPurchases.userId, proxyPurchases.planType);
  return rows.map((r) => ({ userId: r.userId, planType: r.planType, bytesLeft: Number(r.bytesLeft), ips: Number(r.ips) }));
}

export interface UsageItem {
  subUserId: number;
  userId: number;
  planType: ProxyPlanType;
  day: string;
  bytesUp: number;
  bytesDown: number;
  connections: number;
}

/**
 * Records one batch item in the caller's transaction: the day's counters, the sub-user's totals,
 * and the bytes taken from the account's unexpired traffic packages of the type, soonest expiry
 * first, never past what a package holds (what goes past is recorded as traffic, never billed).
 */
export async function applyUsage(db: Db, item: UsageItem): Promise<void> {
  await db
    .insert(proxyUsageDaily)
    .values({ subUserId: item.subUserId, day: item.day, planType: item.planType, userId: item.userId, bytesUp: item.bytesUp, bytesDown: item.bytesDown, connections: item.connections })
    .onConflictDoUpdate({
      target: [proxyUsageDaily.subUserId, proxyUsageDaily.day, proxyUsageDaily.planType],
      set: {
        bytesUp: sql`${proxyUsageDaily.bytesUp} + excluded.bytes_up`,
        bytesDown: sql`${proxyUsageDaily.bytesDown} + excluded.bytes_down`,
        connections: sql`${proxyUsageDaily.connections} + excluded.connections`,
      },
    });
  await db
    .update(proxySubUsers)
    .set({ bytesUp: sql`${proxySubUsers.bytesUp} + ${item.bytesUp}`, bytesDown: sql`${proxySubUsers.bytesDown} + ${item.bytesDown}` })
    .where(eq(proxySubUsers.id, item.subUserId));
  const bytes = item.bytesUp + item.bytesDown;
  if (bytes <= 0) return;
  await db.execute(sql`
    with locked as (
      select id, expires_at, bytes_total - bytes_used as avail from proxy_purchases
      where user_id = ${item.userId} and plan_type = ${item.planType} and unit = 'gb' and expires_at > now() and bytes_used < bytes_total
      order by expires_at, id for update
    ), ordered as (
      select id, avail, coalesce(sum(avail) over (order by expires_at, id rows between unbounded preceding and 1 preceding), 0) as before from locked
    )
    update proxy_purchases p set bytes_used = p.bytes_used + least(o.avail, ${bytes}::bigint - o.before)
    from ordered o where p.id = o.id and o.before < ${bytes}::bigint`);
}

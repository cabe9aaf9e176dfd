import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { discountCampaigns, promoCodes, promoRedemptions } from '#server/db/schema/index.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type CampaignRow = typeof discountCampaigns.$inferSelect;

// Promo codes

export async function insertPromoCode(db: Db, row: typeof promoCodes.$inferInsert): Promise<PromoCodeRow | null> {
  const rows = await db.insert(promoCodes).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function listPromoCodes(db: Db, limit: number): Promise<PromoCodeRow[]> {
  return db.select().from(promoCodes).orderBy(desc(promoCodes.id)).limit(limit);
}

export async function findPromoCode(db: Db, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

export async function findPromoCodeById(db: Db, id: number): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

export async function setPromoCodePaused(db: Db, id: number, paused: boolean): Promise<PromoCodeRow | undefined> {
  const [row] = await db.update(promoCodes).set({ paused }).where(eq(promoCodes.id, id)).returning();
  return row;
}

export async function hasRedeemed(db: Db, promoCodeId: number, userId: number): Promise<boolean> {
  const rows = await db.select({ id: promoRedemptions.id }).from(promoRedemptions).where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.userId, userId)));
  return rows.length > 0;
}

/**
 * Records a user's use of a code; null when that user used it before (the unique index decides,
 * so concurrent attempts by one user record one).
 */
export async function insertRedemption(db: Db, row: { promoCodeId: number; userId: number; paymentId?: number | null; amount: number }): Promise<number | null> {
  const rows = await db.insert(promoRedemptions).values(row).onConflictDoNothing().returning({ id: promoRedemptions.id });
  return rows[0]?.id ?? null;
}

export async function deleteRedemption(db: Db, id: number) {
  await db.delete(promoRedemptions).where(eq(promoRedemptions.id, id));
}

/**
 * Takes one use of a code and counts `amount` as credited, under the row's lock: concurrent
 * takers queue on the row and each re-checks `uses < max_uses` on the version it finally sees.
 * `activeOnly` also requires the code not paused and not expired now.
 * @returns the code after the use, or null when no use is left (or it is not active).
 */
export async function takePromoUse(db: Db, id: number, amount: number, activeOnly: boolean): Promise<PromoCodeRow | null> {
  const rows = await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1`, credited: sql`${promoCodes.credited} + ${amount}::bigint` })
    .where(
      and(
        eq(promoCodes.id, id),
        sql`${promoCodes.uses} < ${promoCodes.maxUses}`,
        activeOnly ? sql`not ${promoCodes.paused} and (${promoCodes.expiresAt} is null or ${promoCodes.expiresAt} > now())` : undefined,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

// Discount campaigns

/** Campaigns not paused and not yet ended: the running ones and those still to start. */
export async function listLiveCampaigns(db: Db): Promise<CampaignRow[]> {
  return db
    .select()
    .from(discountCampaigns)
    .where(and(eq(discountCampaigns.paused, false), gt(discountCampaigns.endsAt, sql`now()`)))
    .orderBy(discountCampaigns.startsAt, discountCampaigns.id);
}

export async function listCampaigns(db: Db, limit: number): Promise<CampaignRow[]> {
  return db.select().from(discountCampaigns).orderBy(desc(discountCampaigns.id)).limit(limit);
}

export async function insertCampaign(db: Db, row: typeof discountCampaigns.$inferInsert): Promise<CampaignRow> {
  const [created] = await db.insert(discountCampaigns).values(row).returning();
  return created!;
}

export async function setCampaignPaused(db: Db, id: number, paused: boolean): Promise<CampaignRow | undefined> {
  const [row] = await db.update(discountCampaigns).set({ paused }).where(eq(discountCampaigns.id, id)).returning();
  return row;
}

/** Adds counted use (tasks charged at the discount, micro-USD given) to campaigns, one statement. */
export async function addCampaignUsage(db: Db, usage: { id: number; tasks: number; discounted: number }[]) {
  if (usage.length === 0) return;
  const values = sql.join(
    usage.map((u) => sql`(${u.id}::bigint, ${u.tasks}::bigint, ${u.discounted}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    update discount_campaigns c set tasks = c.tasks + u.tasks, discounted = c.discounted + u.discounted
    from (values ${values}) as u(id, tasks, discounted)
    where c.id = u.id`);
}

export async function notifyChannel(db: Db, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

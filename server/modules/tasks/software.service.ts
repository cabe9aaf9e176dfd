import { and, desc, eq } from 'drizzle-orm';
import { software } from '#server/db/schema/index.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';

/** The software developer's share of what customers spend through their software (spec: 10%). */
export const SOFT_ID_SHARE = 0.1;

export async function registerSoftware(ctx: Ctx, developerId: number, name: string) {
  const [row] = await ctx.db.insert(software).values({ developerId, name }).returning();
  return { softId: row!.id, name: row!.name, createdAt: row!.createdAt.toISOString() };
}

export async function listSoftware(ctx: Ctx, developerId: number) {
  const rows = await ctx.db.select().from(software).where(eq(software.developerId, developerId)).orderBy(desc(software.id));
  return rows.map((r) => ({ softId: r.id, name: r.name, createdAt: r.createdAt.toISOString() }));
}

/**
 * Credits the developer behind a soft_id with their share of a solved task's price, in the
 * caller's transaction. Unknown ids, and a developer's own tasks, earn nothing.
 */
export async function creditSoftware(ctx: Ctx, softId: number | null, customerId: number, price: number, taskId: number) {
  if (softId === null) return;
  const [row] = await ctx.db.select({ developerId: software.developerId }).from(software).where(and(eq(software.id, softId)));
  if (!row || row.developerId === customerId) return;
  const amount = Math.floor(price * SOFT_ID_SHARE);
  if (amount > 0) await postLedgerEntry(ctx, { userId: row.developerId, amount, kind: 'commission', reason: `soft_id ${softId}, captcha ${taskId}`, taskId });
}

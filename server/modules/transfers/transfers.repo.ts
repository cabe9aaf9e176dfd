import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { moneyTransfers } from '#server/db/schema/index.ts';

export type TransferRow = typeof moneyTransfers.$inferSelect;

export async function insertTransfer(db: Db, t: { senderId: number; recipientId: number | null; recipientLabel: string; amount: number; expiresAt: Date }): Promise<TransferRow> {
  const [row] = await db.insert(moneyTransfers).values(t).returning();
  return row!;
}

/** A sender's pending transfer, locked for the confirmation's transaction. */
export async function lockPendingTransfer(db: Db, id: number, senderId: number): Promise<TransferRow | undefined> {
  const [row] = await db
    .select()
    .from(moneyTransfers)
    .where(and(eq(moneyTransfers.id, id), eq(moneyTransfers.senderId, senderId), eq(moneyTransfers.status, 'pending')))
    .for('update');
  return row;
}

export async function findTransfer(db: Db, id: number, senderId: number): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(moneyTransfers).where(and(eq(moneyTransfers.id, id), eq(moneyTransfers.senderId, senderId)));
  return row;
}

export async function settleTransfer(db: Db, id: number, status: 'confirmed' | 'refused', failure: string | null = null) {
  await db
    .update(moneyTransfers)
    .set({ status, failure, confirmedAt: status === 'confirmed' ? sql`now()` : null })
    .where(eq(moneyTransfers.id, id));
}

/**
 * Locks both accounts' rows in id order, so two transfers between the same pair in opposite
 * directions queue instead of deadlocking, and one sender's confirmations run one at a time
 * (the daily limit is checked under this lock).
 */
export async function lockAccounts(db: Db, ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await db.execute(sql`select id from users where id in (${sql.join(sorted.map((id) => sql`${id}`), sql`, `)}) order by id for no key update`);
}

/** Micro-USD a sender has sent (confirmed) in the last 24 hours. */
export async function sentInLastDay(db: Db, senderId: number): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${moneyTransfers.amount}), 0)::text` })
    .from(moneyTransfers)
    .where(and(eq(moneyTransfers.senderId, senderId), eq(moneyTransfers.status, 'confirmed'), gt(moneyTransfers.confirmedAt, sql`now() - interval '24 hours'`)));
  return Number(row?.s ?? 0);
}

/** A user's transfers: every one they sent, and the confirmed ones they received; newest first. */
export async function listTransfers(db: Db, userId: number, limit: number): Promise<TransferRow[]> {
  return db
    .select()
    .from(moneyTransfers)
    .where(or(eq(moneyTransfers.senderId, userId), and(eq(moneyTransfers.recipientId, userId), eq(moneyTransfers.status, 'confirmed'))))
    .orderBy(desc(moneyTransfers.createdAt), desc(moneyTransfers.id))
    .limit(limit);
}

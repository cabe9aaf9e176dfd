import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ledgerEntries, users } from '#server/db/schema/index.ts';

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

/**
 * Applies a signed amount to a balance and records it, in the caller's transaction.
 * @returns the new balance, or null when the balance would go negative (nothing written).
 */
export async function applyLedgerEntry(
  db: Db,
  entry: { userId: number; amount: number; kind: LedgerKind; reason: string; actorId?: number | null; taskId?: number | null; paymentId?: number | null },
): Promise<number | null> {
  return (await applyLedgerEntryRow(db, entry))?.balance ?? null;
}

/** applyLedgerEntry, also returning the written entry's id (for records that point at their entry). */
export async function applyLedgerEntryRow(
  db: Db,
  entry: { userId: number; amount: number; kind: LedgerKind; reason: string; actorId?: number | null; taskId?: number | null; paymentId?: number | null },
): Promise<{ balance: number; entryId: number } | null> {
  // One statement (one round trip): the balance moves and the entry is written, or neither.
  const res = await db.execute(sql`
    with moved as (
      update users set balance = balance + ${entry.amount}::bigint
      where id = ${entry.userId} and balance + ${entry.amount}::bigint >= 0
      returning balance
    ), entry as (
      insert into ledger_entries (user_id, amount, kind, reason, actor_id, task_id, payment_id)
      select ${entry.userId}, ${entry.amount}::bigint, ${entry.kind}, ${entry.reason}, ${entry.actorId ?? null}::bigint, ${entry.taskId ?? null}::bigint, ${entry.paymentId ?? null}::bigint from moved
      returning id
    )
    select moved.balance, entry.id from moved, entry`);
  const row = res.rows[0] as { balance: number | string; id: number | string } | undefined;
  return row ? { balance: Number(row.balance), entryId: Number(row.id) } : null;
}

export async function ledgerSum(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ s: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return Number(row?.s ?? 0);
}

export async function findBalance(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row?.balance;
}

/** The amount of a user's one entry of `kind` on a task (charge, refund, earning, hold…), or null. */
export async function findTaskEntryAmount(db: Db, taskId: number, kind: LedgerKind, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.taskId, taskId), eq(ledgerEntries.kind, kind), eq(ledgerEntries.userId, userId)));
  return row ? Number(row.amount) : null;
}


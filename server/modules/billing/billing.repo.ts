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
  entry: { userId: number; amount: number; kind: LedgerKind; reason: string; actorId?: number | null; taskId?: number | null },
): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ balance: sql`${users.balance} + ${entry.amount}` })
    .where(sql`${users.id} = ${entry.userId} and ${users.balance} + ${entry.amount} >= 0`)
    .returning({ balance: users.balance });
  if (!row) return null;
  await db.insert(ledgerEntries).values({ ...entry, actorId: entry.actorId ?? null, taskId: entry.taskId ?? null });
  return row.balance;
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

/** Locks the users' balance rows, in id order (no deadlocks between batches), and reads them. */
export async function lockBalances(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const res = await db.execute(sql`select id, balance from users where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id for update`);
  return new Map(res.rows.map((r) => [Number((r as { id: number }).id), Number((r as { balance: number }).balance)]));
}

/**
 * Records several entries and applies their sum per user, in the caller's transaction: the
 * batch form of applyLedgerEntry for amounts already checked against locked balances (the
 * balance CHECK still refuses a negative result).
 */
export async function applyLedgerEntries(db: Db, entries: { userId: number; amount: number; kind: LedgerKind; reason: string; taskId: number | null }[]): Promise<void> {
  if (entries.length === 0) return;
  const perUser = new Map<number, number>();
  for (const e of entries) perUser.set(e.userId, (perUser.get(e.userId) ?? 0) + e.amount);
  const rows = sql.join(entries.map((e) => sql`(${e.userId}::bigint, ${e.amount}::bigint, ${e.kind}, ${e.reason}, ${e.taskId}::bigint)`), sql`, `);
  const deltas = sql.join([...perUser].map(([id, delta]) => sql`(${id}::bigint, ${delta}::bigint)`), sql`, `);
  // One statement (one round trip): the entries and the balances move together.
  await db.execute(sql`
    with entries as (
      insert into ledger_entries (user_id, amount, kind, reason, task_id) select * from (values ${rows}) as v(user_id, amount, kind, reason, task_id)
    )
    update users set balance = users.balance + d.delta from (values ${deltas}) as d(id, delta) where users.id = d.id`);
}

import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ledgerEntries, payments, paymentEvents, promoCodes, sandboxCheckouts, users } from '#server/db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;

export async function insertPayment(db: Db, p: { userId: number; provider: string; amount: number; providerAmount: number; currency: string; promoCodeId?: number | null }): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(p).returning();
  return row!;
}

export async function markPending(db: Db, id: number, providerRef: string) {
  await db.update(payments).set({ providerRef, status: 'pending', updatedAt: sql`now()` }).where(eq(payments.id, id));
}

export async function markCreateFailed(db: Db, id: number, failure: string) {
  await db.update(payments).set({ status: 'failed', failure, updatedAt: sql`now()` }).where(eq(payments.id, id));
}

export async function listPayments(db: Db, userId: number, limit: number) {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit);
}

export async function findPayment(db: Db, userId: number, id: number) {
  const [row] = await db.select().from(payments).where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

/**
 * Records a delivered event once per provider event id.
 * @returns the event row's id, or null when this event was recorded before (a redelivery).
 */
export async function recordEvent(db: Db, e: { provider: string; eventId: string; type: string; payload: unknown }): Promise<number | null> {
  const rows = await db
    .insert(paymentEvents)
    .values({ provider: e.provider, eventId: e.eventId, type: e.type, outcome: 'received', payload: e.payload as object })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows[0]?.id ?? null;
}

export async function settleEvent(db: Db, id: number, outcome: string, paymentId: number | null) {
  await db.update(paymentEvents).set({ outcome, paymentId }).where(eq(paymentEvents.id, id));
}

/** The payment an event is about, locked for the rest of the transaction. */
export async function lockPaymentByRef(db: Db, provider: string, ref: { providerRef?: string; clientReference?: string }): Promise<PaymentRow | undefined> {
  const byId = ref.clientReference && /^\d{1,15}$/.test(ref.clientReference) ? Number(ref.clientReference) : null;
  const where = ref.providerRef
    ? and(eq(payments.provider, provider), eq(payments.providerRef, ref.providerRef))
    : byId !== null
      ? and(eq(payments.provider, provider), eq(payments.id, byId))
      : undefined;
  if (!where) return undefined;
  const [row] = await db.select().from(payments).where(where).for('update');
  return row;
}

export async function markSucceeded(db: Db, id: number, userId: number) {
  await db.update(payments).set({ status: 'succeeded', failure: null, creditedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(payments.id, id));
  await db.update(users).set({ lastPaymentAt: sql`now()` }).where(eq(users.id, userId));
}

export async function markFailed(db: Db, id: number, failure: string) {
  await db.update(payments).set({ status: 'failed', failure, updatedAt: sql`now()` }).where(and(eq(payments.id, id), sql`status <> 'succeeded'`));
}

export async function eventsOf(db: Db, paymentId: number) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(paymentEvents.id);
}

/** Admins' search: by payment id (#n), user id (n) or e-mail part, provider and status, newest first. */
export async function searchPayments(db: Db, f: { q: string; provider?: string; status?: PaymentRow['status']; limit: number; offset: number }) {
  const where: SQL[] = [];
  const q = f.q.trim();
  if (/^#\d{1,15}$/.test(q)) where.push(eq(payments.id, Number(q.slice(1))));
  else if (/^\d{1,15}$/.test(q)) where.push(or(eq(payments.userId, Number(q)), eq(payments.id, Number(q)))!);
  else if (q) where.push(ilike(users.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.provider) where.push(eq(payments.provider, f.provider));
  if (f.status) where.push(eq(payments.status, f.status));
  return db
    .select({ payment: payments, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(f.limit)
    .offset(f.offset);
}

export async function findPaymentWithEmail(db: Db, id: number) {
  const [row] = await db.select({ payment: payments, email: users.email }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(eq(payments.id, id));
  return row;
}

/** Adjustments written against a payment (their reason starts with its tag). */
export async function adjustmentsOf(db: Db, userId: number, tag: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'adjustment'), sql`starts_with(${ledgerEntries.reason}, ${tag})`))
    .orderBy(ledgerEntries.id);
}

// The sandbox provider's own records.
export async function insertSandboxCheckout(db: Db, row: typeof sandboxCheckouts.$inferInsert) {
  await db.insert(sandboxCheckouts).values(row);
}

export async function findSandboxCheckout(db: Db, ref: string): Promise<SandboxCheckoutRow | undefined> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.ref, ref));
  return row;
}

/** The decision is taken once: returns false when the checkout was already decided. */
export async function decideSandboxCheckout(db: Db, ref: string, status: 'approved' | 'declined'): Promise<boolean> {
  const rows = await db
    .update(sandboxCheckouts)
    .set({ status })
    .where(and(eq(sandboxCheckouts.ref, ref), eq(sandboxCheckouts.status, 'open')))
    .returning({ ref: sandboxCheckouts.ref });
  return rows.length > 0;
}

/** The channel a credited payment announces the new balance on (surfaces/realtime tells the customer's pages). */
export const BALANCE_CHANNEL = 'balance_changed';

/** Announces the user's balance when the transaction commits (NOTIFY is delivered on commit). */
export async function notifyBalance(db: Db, userId: number) {
  await db.execute(sql`select pg_notify(${BALANCE_CHANNEL}, json_build_object('userId', id, 'balance', balance)::text) from users where id = ${userId}`);
}

/** The codes of these promo code ids (for the payment history). */
export async function promoCodesByIds(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: promoCodes.id, code: promoCodes.code }).from(promoCodes).where(inArray(promoCodes.id, ids));
  return new Map(rows.map((r) => [r.id, r.code]));
}

import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CoinId } from '#shared/contracts/crypto.ts';
import type { Db } from '#server/db/client.ts';
import { cryptoAddressCounters, cryptoDeposits, cryptoInvoices, payments } from '#server/db/schema/index.ts';

export type InvoiceRow = typeof cryptoInvoices.$inferSelect;
export type DepositRow = typeof cryptoDeposits.$inferSelect;

/** Takes the next address index of a coin's account key (one UPDATE: two invoices never share one). */
export async function takeAddressIndex(db: Db, coin: CoinId, keyId: string): Promise<number> {
  const [row] = await db
    .insert(cryptoAddressCounters)
    .values({ coin, keyId, nextIndex: 1 })
    .onConflictDoUpdate({
      target: [cryptoAddressCounters.coin, cryptoAddressCounters.keyId],
      set: { nextIndex: sql`${cryptoAddressCounters.nextIndex} + 1` },
    })
    .returning({ next: cryptoAddressCounters.nextIndex });
  return row!.next - 1;
}

export async function insertInvoice(db: Db, row: typeof cryptoInvoices.$inferInsert): Promise<InvoiceRow> {
  const [inserted] = await db.insert(cryptoInvoices).values(row).returning();
  return inserted!;
}

export async function findInvoice(db: Db, paymentId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(cryptoInvoices).where(eq(cryptoInvoices.paymentId, paymentId));
  return row;
}

/** Invoices of a coin still watched: not yet past expiry plus the late window, or with deposits not yet credited. */
export async function invoicesToWatch(db: Db, coin: CoinId, expiredSince: Date): Promise<InvoiceRow[]> {
  const uncredited = db
    .select({ id: cryptoDeposits.invoiceId })
    .from(cryptoDeposits)
    .where(and(eq(cryptoDeposits.coin, coin), isNull(cryptoDeposits.creditedAt)));
  return db
    .select()
    .from(cryptoInvoices)
    .where(
      and(
        eq(cryptoInvoices.coin, coin),
        or(gt(cryptoInvoices.expiresAt, expiredSince), inArray(cryptoInvoices.paymentId, uncredited)),
      ),
    )
    .orderBy(asc(cryptoInvoices.createdAt))
    .limit(5000);
}

export async function depositsOf(db: Db, invoiceId: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(cryptoDeposits)
    .where(eq(cryptoDeposits.invoiceId, invoiceId))
    .orderBy(asc(cryptoDeposits.seenAt), asc(cryptoDeposits.id));
}

/** Records a deposit once per output; returns false when it was known already. */
export async function insertDeposit(db: Db, row: typeof cryptoDeposits.$inferInsert): Promise<boolean> {
  const rows = await db.insert(cryptoDeposits).values(row).onConflictDoNothing().returning({ id: cryptoDeposits.id });
  return rows.length > 0;
}

/** A deposit's block as the chain now says (confirmed, or back in the mempool after a reorg); only while not credited. */
export async function setDepositBlock(db: Db, id: number, blockHeight: number | null) {
  await db
    .update(cryptoDeposits)
    .set({ blockHeight })
    .where(and(eq(cryptoDeposits.id, id), isNull(cryptoDeposits.creditedAt)));
}

/** Marks a deposit credited; false when it was credited already (the caller then credits nothing). */
export async function markDepositCredited(db: Db, id: number, paymentId: number, amount: number): Promise<boolean> {
  const rows = await db
    .update(cryptoDeposits)
    .set({ creditedPaymentId: paymentId, creditedAmount: amount, creditedAt: sql`now()` })
    .where(and(eq(cryptoDeposits.id, id), isNull(cryptoDeposits.creditedAt)))
    .returning({ id: cryptoDeposits.id });
  return rows.length > 0;
}

export async function setInvoiceStatus(db: Db, paymentId: number, status: InvoiceRow['status']) {
  await db.update(cryptoInvoices).set({ status }).where(eq(cryptoInvoices.paymentId, paymentId));
}

/** The credited amount of a crypto payment: what arrived, which may differ from what was ordered. */
export async function setPaymentAmount(db: Db, id: number, amount: number) {
  await db
    .update(payments)
    .set({ amount, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

export async function markPaymentExpired(db: Db, id: number) {
  await db
    .update(payments)
    .set({ status: 'expired', failure: 'Nothing arrived before the invoice expired.', updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
}

/** A payment for a deposit that came late or after its invoice was settled: credited on its own. */
export async function insertDepositPayment(
  db: Db,
  p: {
    userId: number;
    provider: string;
    amount: number;
    providerAmount: number;
    currency: string;
    providerRef: string;
  },
) {
  const [row] = await db
    .insert(payments)
    .values({ ...p, status: 'pending' })
    .returning();
  return row!;
}

export async function lockPayment(db: Db, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

/** For the history: the invoice of each of these payments, and the deposit each extra payment credits. */
export async function cryptoNotesFor(db: Db, paymentIds: number[]) {
  if (paymentIds.length === 0) return { invoices: [], deposits: [] };
  const [invoices, deposits] = await Promise.all([
    db
      .select({ paymentId: cryptoInvoices.paymentId, status: cryptoInvoices.status })
      .from(cryptoInvoices)
      .where(inArray(cryptoInvoices.paymentId, paymentIds)),
    db
      .select({
        paymentId: cryptoDeposits.creditedPaymentId,
        invoiceId: cryptoDeposits.invoiceId,
        late: cryptoDeposits.late,
      })
      .from(cryptoDeposits)
      .where(inArray(cryptoDeposits.creditedPaymentId, paymentIds)),
  ]);
  return { invoices, deposits };
}

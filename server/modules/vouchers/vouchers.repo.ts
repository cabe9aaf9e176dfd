import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { voucherBatches, vouchers } from '#server/db/schema/index.ts';

export type VoucherBatchRow = typeof voucherBatches.$inferSelect;

export async function insertBatch(db: Db, batch: { amount: number; count: number; note: string; expiresAt: Date; createdBy: number }, codes: { codeHash: string; codeHint: string }[]) {
  const [row] = await db.insert(voucherBatches).values(batch).returning();
  await db.insert(vouchers).values(codes.map((c) => ({ ...c, batchId: row!.id })));
  return row!;
}

/** Every batch with how many of its codes were redeemed, newest first. */
export async function listBatches(db: Db, limit: number) {
  return db
    .select({ batch: voucherBatches, redeemed: sql<number>`(select count(*)::int from vouchers v where v.batch_id = ${voucherBatches.id} and v.redeemed_at is not null)` })
    .from(voucherBatches)
    .orderBy(desc(voucherBatches.id))
    .limit(limit);
}

/**
 * Takes a code for a user: one UPDATE that matches only an unredeemed code of an unexpired batch.
 * Concurrent redemptions of one code queue on its row and re-check `redeemed_at is null` after the
 * first commits, so exactly one wins.
 */
export async function takeVoucher(db: Db, codeHash: string, userId: number): Promise<{ id: number; batchId: number; amount: number; hint: string } | undefined> {
  const res = await db.execute(sql`
    update vouchers v set redeemed_by = ${userId}, redeemed_at = now()
    from voucher_batches b
    where v.code_hash = ${codeHash} and v.redeemed_at is null and b.id = v.batch_id and b.expires_at > now()
    returning v.id, v.batch_id, b.amount, v.code_hint`);
  const row = res.rows[0] as { id: number | string; batch_id: number | string; amount: number | string; code_hint: string } | undefined;
  return row ? { id: Number(row.id), batchId: Number(row.batch_id), amount: Number(row.amount), hint: row.code_hint } : undefined;
}

/** Why a code could not be taken: unknown, already redeemed, or its batch expired. */
export async function voucherState(db: Db, codeHash: string): Promise<'unknown' | 'used' | 'expired'> {
  const [row] = await db
    .select({ redeemedAt: vouchers.redeemedAt, expiresAt: voucherBatches.expiresAt })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(eq(vouchers.codeHash, codeHash));
  if (!row) return 'unknown';
  return row.redeemedAt ? 'used' : 'expired';
}

export async function listRedeemed(db: Db, userId: number, limit: number) {
  return db
    .select({ hint: vouchers.codeHint, amount: voucherBatches.amount, redeemedAt: vouchers.redeemedAt })
    .from(vouchers)
    .innerJoin(voucherBatches, eq(voucherBatches.id, vouchers.batchId))
    .where(eq(vouchers.redeemedBy, userId))
    .orderBy(desc(vouchers.redeemedAt))
    .limit(limit);
}

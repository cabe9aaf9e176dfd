import type { Ctx } from '#server/lib/ctx.ts';
import { AppError } from '#server/lib/app-error.ts';
import { applyLedgerEntry, applyLedgerEntryRow, findBalance, type LedgerKind } from './billing.repo.ts';

/**
 * Moves money on a user's balance with a ledger entry, atomically. Call inside the transaction of
 * the event being paid for.
 * @throws AppError INSUFFICIENT_FUNDS when the balance would go negative; NOT_FOUND for no user.
 */
export async function postLedgerEntry(
  ctx: Ctx,
  entry: { userId: number; amount: number; kind: LedgerKind; reason: string; actorId?: number | null; taskId?: number | null; paymentId?: number | null },
): Promise<number> {
  const balance = await applyLedgerEntry(ctx.db, entry);
  if (balance === null) throw new AppError('INSUFFICIENT_FUNDS', 'The balance is too low for this operation.');
  return balance;
}

/**
 * postLedgerEntry for records that keep the id of their entry (payouts).
 * @throws AppError INSUFFICIENT_FUNDS when the balance would go negative.
 */
export async function postLedgerEntryReturningId(
  ctx: Ctx,
  entry: { userId: number; amount: number; kind: LedgerKind; reason: string; actorId?: number | null },
): Promise<{ balance: number; entryId: number }> {
  const row = await applyLedgerEntryRow(ctx.db, entry);
  if (row === null) throw new AppError('INSUFFICIENT_FUNDS', 'The balance is too low for this operation.');
  return row;
}

/** The balance in micro-USD. @throws AppError NOT_FOUND */
export async function getBalance(ctx: Ctx, userId: number): Promise<number> {
  const balance = await findBalance(ctx.db, userId);
  if (balance === undefined) throw new AppError('NOT_FOUND', 'No such user.');
  return balance;
}

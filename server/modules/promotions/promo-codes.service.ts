/**
 * Promo codes (issue 11 §6). A `bonus` code is entered with a top-up: checked when the top-up
 * starts (the payment records it) and credited as a separate `promo` ledger entry in the same
 * transaction as the top-up's credit, so exactly once with it. A `credit` code is redeemed
 * directly. Either way each user uses a code once (unique redemption row) and a code is used at
 * most max_uses times (a conditional UPDATE under the code row's lock).
 *
 * A bonus promised when the top-up started is kept when the code expires or is paused before the
 * provider confirms; it is not when the code's uses ran out meanwhile or the user got it with
 * another top-up (the top-up itself is credited either way, and the skip is logged).
 */
import type { AdminPromoCode, CheckPromoCodeRequest, CreatePromoCodeRequest, PromoCodeCheck, PromoRedemptionResult, PromoRefusal } from '#shared/contracts/promotions.ts';
import { formatMoney, MICROS } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import * as repo from './promotions.repo.ts';

/** USD "12.50" → micro-USD, exactly (at most two decimals, as the contracts allow). */
function usdToMicros(usd: string): number {
  const [whole, fraction = ''] = usd.split('.');
  return (Number(whole) * 100 + Number(fraction.padEnd(2, '0'))) * (MICROS / 100);
}

/** The bonus of a `percent` code on a top-up of `amount` micro-USD: exact for whole cents, floored. */
export function bonusOf(amount: number, percent: number): number {
  return Math.floor((amount * percent) / 100);
}

function refuse(reason: PromoRefusal): never {
  const messages: Record<PromoRefusal, string> = {
    unknown: 'There is no such promo code.',
    expired: 'This promo code has expired.',
    paused: 'This promo code is not active at the moment.',
    exhausted: 'This promo code has been used up.',
    used: 'You have used this promo code already.',
    wrong_kind: 'This promo code is of another kind here.',
  };
  throw new AppError(reason === 'unknown' ? 'NOT_FOUND' : 'CONFLICT', messages[reason], { reason });
}

function statusOf(row: repo.PromoCodeRow, now = Date.now()): AdminPromoCode['status'] {
  if (row.paused) return 'paused';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  if (row.uses >= row.maxUses) return 'exhausted';
  return 'active';
}

/** A code a user may use now, or the reason they may not. */
async function usableCode(ctx: Ctx, userId: number, code: string): Promise<repo.PromoCodeRow> {
  const row = await repo.findPromoCode(ctx.db, code);
  if (!row) refuse('unknown');
  const status = statusOf(row);
  if (status !== 'active') refuse(status);
  if (await repo.hasRedeemed(ctx.db, row.id, userId)) refuse('used');
  return row;
}

/**
 * Whether `code` can be used by the user, and what it gives (the bonus on `amount` when given).
 * @throws AppError NOT_FOUND / CONFLICT with details.reason
 */
export async function checkPromoCode(ctx: Ctx, userId: number, input: { code: string; amount?: string }): Promise<PromoCodeCheck> {
  const row = await usableCode(ctx, userId, input.code);
  const amount = row.kind === 'credit' ? row.amount! : input.amount !== undefined ? bonusOf(usdToMicros(input.amount), row.bonusPercent!) : null;
  return { code: row.code, kind: row.kind, bonusPercent: row.bonusPercent, amount: amount === null ? null : formatMoney(amount), expiresAt: row.expiresAt?.toISOString() ?? null };
}
export type { CheckPromoCodeRequest };

/**
 * The bonus code a top-up starts with (payments.startTopUp records its id on the payment).
 * @throws AppError NOT_FOUND / CONFLICT with details.reason (wrong_kind for a fixed-credit code)
 */
export async function promoForTopUp(ctx: Ctx, userId: number, code: string): Promise<repo.PromoCodeRow> {
  const row = await usableCode(ctx, userId, code);
  if (row.kind !== 'bonus') refuse('wrong_kind');
  return row;
}

/**
 * Credits the bonus of a top-up's promo code, in the transaction that credits the top-up (ctx.db is
 * that transaction). Returns the bonus credited, 0 when none is due (logged).
 */
export async function creditTopUpBonus(ctx: Ctx, payment: { id: number; userId: number; amount: number; promoCodeId: number | null }): Promise<number> {
  if (payment.promoCodeId === null) return 0;
  const code = await repo.findPromoCodeById(ctx.db, payment.promoCodeId);
  if (!code || code.kind !== 'bonus' || !code.bonusPercent) return 0;
  const bonus = bonusOf(payment.amount, code.bonusPercent);
  if (bonus <= 0) return 0;
  const redemption = await repo.insertRedemption(ctx.db, { promoCodeId: code.id, userId: payment.userId, paymentId: payment.id, amount: bonus });
  if (redemption === null) {
    ctx.log.info({ paymentId: payment.id, code: code.code }, 'promo bonus skipped: the user used this code already');
    return 0;
  }
  if (!(await repo.takePromoUse(ctx.db, code.id, bonus, false))) {
    await repo.deleteRedemption(ctx.db, redemption);
    ctx.log.info({ paymentId: payment.id, code: code.code }, 'promo bonus skipped: the code has no uses left');
    return 0;
  }
  await postLedgerEntry(ctx, { userId: payment.userId, amount: bonus, kind: 'promo', reason: `Promo code ${code.code}: ${code.bonusPercent}% on top-up #${payment.id}`, paymentId: payment.id });
  return bonus;
}

/**
 * Redeems a fixed-credit code: the use, the redemption and the ledger entry in one transaction.
 * @throws AppError NOT_FOUND / CONFLICT with details.reason
 */
export async function redeemPromoCode(ctx: Ctx, userId: number, code: string): Promise<PromoRedemptionResult> {
  const row = await repo.findPromoCode(ctx.db, code);
  if (!row) refuse('unknown');
  if (row.kind !== 'credit') refuse('wrong_kind');
  const amount = row.amount!;
  const balance = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    if ((await repo.insertRedemption(tx, { promoCodeId: row.id, userId, amount })) === null) refuse('used');
    if (!(await repo.takePromoUse(tx, row.id, amount, true))) {
      // Throwing rolls the redemption back; say why in the code's present state.
      const now = await repo.findPromoCodeById(tx, row.id);
      const status = now ? statusOf(now) : 'exhausted';
      refuse(status === 'active' ? 'exhausted' : status);
    }
    return postLedgerEntry(t, { userId, amount, kind: 'promo', reason: `Promo code ${row.code}` });
  });
  ctx.log.info({ userId, code: row.code, amount }, 'promo code redeemed');
  return { code: row.code, amount: formatMoney(amount), balance: formatMoney(balance) };
}

// Admin

function presentCode(row: repo.PromoCodeRow): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    bonusPercent: row.bonusPercent,
    amount: row.amount === null ? null : formatMoney(row.amount),
    maxUses: row.maxUses,
    uses: row.uses,
    credited: formatMoney(row.credited),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paused: row.paused,
    status: statusOf(row),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPromoCodesForAdmin(ctx: Ctx): Promise<AdminPromoCode[]> {
  return (await repo.listPromoCodes(ctx.db, 500)).map(presentCode);
}

/** @throws AppError CONFLICT when the code exists */
export async function createPromoCode(ctx: Ctx, input: CreatePromoCodeRequest & { code: string }, adminId: number): Promise<AdminPromoCode> {
  const row = await repo.insertPromoCode(ctx.db, {
    code: input.code.toUpperCase(),
    kind: input.kind,
    bonusPercent: input.kind === 'bonus' ? input.bonusPercent! : null,
    amount: input.kind === 'credit' ? usdToMicros(input.amount!) : null,
    maxUses: input.maxUses,
    expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    note: input.note ?? '',
    createdBy: adminId,
  });
  if (!row) throw new AppError('CONFLICT', 'A promo code with this text exists already.', { reason: 'duplicate' });
  ctx.log.info({ code: row.code, kind: row.kind, adminId }, 'promo code created');
  return presentCode(row);
}

/** @throws AppError NOT_FOUND */
export async function setPromoCodePaused(ctx: Ctx, id: number, paused: boolean, adminId: number): Promise<AdminPromoCode> {
  const row = await repo.setPromoCodePaused(ctx.db, id, paused);
  if (!row) throw new AppError('NOT_FOUND', 'No such promo code.');
  ctx.log.info({ code: row.code, paused, adminId }, 'promo code paused or resumed');
  return presentCode(row);
}

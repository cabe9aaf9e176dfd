/**
 * Vouchers (issue 11 §5, /pay/paypal_voucher): admins issue batches of single-use codes (amount,
 * expiry, count); a user redeems a code once and its amount lands on the balance as a ledger
 * entry of kind 'voucher' — a kind of its own so the payouts work can treat voucher money as
 * non-withdrawable.
 *
 * Codes: 16 characters drawn with crypto.randomInt from 31 unambiguous characters (~79 bits), so
 * guessing is hopeless even before the throttle; only their sha256 is stored (a database leak
 * gives away no spendable code), so the codes are shown to the issuing admin once, as the CSV.
 * A fast hash is enough at 79 bits of entropy (no dictionary to attack).
 *
 * Guessing is throttled per user and per IP: failed redemptions are counted in auth_throttle
 * (10 per user, 30 per IP in an hour lock the key for an hour).
 */
import { randomInt } from 'node:crypto';
import { normalizeVoucherCode, VOUCHER_ALPHABET, VOUCHER_AMOUNT_MAX_USD, VOUCHER_LENGTH, type IssuedVoucherBatchView, type VoucherBatchView, type VoucherRedemptionView } from '#shared/contracts/money.ts';
import { formatMoney, MICROS, parseMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { sha256 } from '#server/lib/crypto.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { lockedFor, recordFailure } from '#server/modules/auth/auth.repo.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import * as repo from './vouchers.repo.ts';

const HOUR = 3600;
export const VOUCHER_THROTTLE = {
  user: { max: 10, window: HOUR, lock: HOUR },
  ip: { max: 30, window: HOUR, lock: HOUR },
} as const;

export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < VOUCHER_LENGTH; i++) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return code;
}

/** ABCD2345EFGH6789 → ABCD-2345-EFGH-6789 */
export const groupCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

function presentBatch(b: repo.VoucherBatchRow, redeemed: number): VoucherBatchView {
  return { id: b.id, amount: formatMoney(b.amount), count: b.count, redeemed, note: b.note, expiresAt: b.expiresAt.toISOString(), createdAt: b.createdAt.toISOString() };
}

/** @throws AppError VALIDATION_FAILED (amount, expiry in the past) */
export async function issueBatch(ctx: Ctx, adminId: number, input: { amount: string; count: number; expiresOn: string; note: string }): Promise<IssuedVoucherBatchView> {
  const amount = parseMoney(input.amount);
  if (amount <= 0 || amount > VOUCHER_AMOUNT_MAX_USD * MICROS) throw new AppError('VALIDATION_FAILED', `A voucher is worth $0.01 to $${VOUCHER_AMOUNT_MAX_USD.toLocaleString('en')}.`, { reason: 'amount' });
  // The codes work through the whole last day (UTC).
  const expiresAt = new Date(Date.parse(`${input.expiresOn}T00:00:00Z`) + 86_400_000);
  if (!Number.isFinite(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()) throw new AppError('VALIDATION_FAILED', 'The expiry must be today or later.', { reason: 'expiry' });
  const codes = Array.from({ length: input.count }, newVoucherCode);
  const batch = await ctx.db.transaction((tx) =>
    repo.insertBatch(tx, { amount, count: input.count, note: input.note, expiresAt, createdBy: adminId }, codes.map((c) => ({ codeHash: sha256(c), codeHint: c.slice(-4) }))),
  );
  ctx.log.info({ batchId: batch.id, count: batch.count, amount, adminId }, 'voucher batch issued');
  return { ...presentBatch(batch, 0), codes: codes.map(groupCode) };
}

export async function listBatches(ctx: Ctx): Promise<VoucherBatchView[]> {
  return (await repo.listBatches(ctx.db, 200)).map((r) => presentBatch(r.batch, Number(r.redeemed)));
}

async function throttled(ctx: Ctx, keys: string[]) {
  for (const key of keys) {
    const seconds = await lockedFor(ctx.db, key);
    if (seconds > 0) throw new AppError('RATE_LIMITED', `Too many wrong codes; try again in ${Math.ceil(seconds / 60)} min.`, { retryAfter: seconds });
  }
}

/**
 * Redeems a code for the user: the code is taken and the balance credited in one transaction.
 * @throws AppError RATE_LIMITED, NOT_FOUND (no such code), CONFLICT (details.reason used | expired)
 */
export async function redeemVoucher(ctx: Ctx, userId: number, ip: string, input: { code: string }): Promise<VoucherRedemptionView & { balance: string }> {
  const keys = [`voucher:user:${userId}`, `voucher:ip:${ip}`];
  await throttled(ctx, keys);
  const code = normalizeVoucherCode(input.code);
  const codeHash = sha256(code);
  const taken = await ctx.db.transaction(async (tx) => {
    const voucher = await repo.takeVoucher(tx, codeHash, userId);
    if (!voucher) return null;
    const balance = await postLedgerEntry(withDb(ctx, tx), { userId, amount: voucher.amount, kind: 'voucher', reason: `Voucher …${voucher.hint} (batch #${voucher.batchId})` });
    return { ...voucher, balance };
  });
  if (!taken) {
    const state = await repo.voucherState(ctx.db, codeHash);
    await recordFailure(ctx.db, keys[0]!, VOUCHER_THROTTLE.user.max, VOUCHER_THROTTLE.user.window, VOUCHER_THROTTLE.user.lock);
    await recordFailure(ctx.db, keys[1]!, VOUCHER_THROTTLE.ip.max, VOUCHER_THROTTLE.ip.window, VOUCHER_THROTTLE.ip.lock);
    if (state === 'unknown') throw new AppError('NOT_FOUND', 'No such voucher code.', { reason: 'unknown' });
    throw new AppError('CONFLICT', state === 'used' ? 'This voucher was already redeemed.' : 'This voucher has expired.', { reason: state });
  }
  return { hint: taken.hint, amount: formatMoney(taken.amount), redeemedAt: new Date().toISOString(), balance: formatMoney(taken.balance) };
}

export async function listRedeemed(ctx: Ctx, userId: number): Promise<VoucherRedemptionView[]> {
  return (await repo.listRedeemed(ctx.db, userId, 100)).map((r) => ({ hint: r.hint, amount: formatMoney(r.amount), redeemedAt: r.redeemedAt!.toISOString() }));
}

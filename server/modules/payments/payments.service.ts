/**
 * Money in: a top-up is a payment record per attempt, a hosted checkout at the provider, and a
 * credit that happens only when the provider's verified webhook says the money arrived.
 *
 * Exactly once: every event is stored under the provider's event id (unique), and the credit, the
 * payment's status and the ledger entry (unique per payment) change in one transaction with the
 * payment row locked. Redeliveries, concurrent deliveries and out-of-order events credit once; an
 * amount or currency that does not match the payment is refused and logged.
 */
import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  TOPUP_MAX_USD,
  TOPUP_MIN_USD,
  type AdminPaymentDetail,
  type AdminPaymentQuery,
  type AdminPaymentRow,
  type PaymentView,
  type TopUpRequest,
} from '#shared/contracts/payments.ts';
import { isLanguage, type Language } from '#shared/i18n/languages.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import { formatMoney, MICROS, parseMoney } from '#shared/money.ts';
import { sitesOf } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { creditTopUpBonus, promoForTopUp } from '#server/modules/promotions/promo-codes.service.ts';
import { findUserById } from '#server/modules/users/users.repo.ts';
import { cryptoNotesFor } from './crypto/crypto.service.ts';
import * as repo from './payments.repo.ts';
import { sendReceipt } from './receipt.ts';
import type { PaymentProvider, WebhookEvent } from './providers/provider.ts';

export type Providers = ReadonlyMap<string, PaymentProvider>;

/** USD "12.50" → cents 1250 and micro-USD 12_500_000, exactly. */
function amountsOf(usd: string): { cents: number; micros: number } {
  const [whole, fraction = ''] = usd.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return { cents, micros: cents * (MICROS / 100) };
}

export function presentPayment(p: repo.PaymentRow): PaymentView {
  return {
    id: p.id,
    provider: p.provider,
    status: p.status,
    amount: formatMoney(p.amount),
    currency: p.currency,
    failure: p.failure,
    createdAt: p.createdAt.toISOString(),
    creditedAt: p.creditedAt?.toISOString() ?? null,
    promoCode: null,
    note: null,
    invoiceId: null,
  };
}

/**
 * Starts a top-up: records the payment, opens the provider's checkout, returns where to send the payer.
 * @throws AppError VALIDATION_FAILED (amount out of range), NOT_FOUND (provider not configured)
 */
export async function startTopUp(ctx: Ctx, providers: Providers, userId: number, input: TopUpRequest, urls?: { successUrl: string; cancelUrl: string }) {
  const provider = providers.get(input.provider);
  if (!provider) throw new AppError('NOT_FOUND', 'This payment method is not available.');
  const { cents, micros } = amountsOf(input.amount);
  if (cents < TOPUP_MIN_USD * 100 || cents > TOPUP_MAX_USD * 100) {
    throw new AppError('VALIDATION_FAILED', `A top-up is between $${TOPUP_MIN_USD} and $${TOPUP_MAX_USD.toLocaleString('en')}.`);
  }
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  // A bonus promo code is checked before paying; the payment records it (modules/promotions).
  const promo = input.promoCode ? await promoForTopUp(ctx, userId, input.promoCode.toUpperCase()) : null;
  const payment = await repo.insertPayment(ctx.db, { userId, provider: provider.name, amount: micros, providerAmount: cents, currency: 'USD', promoCodeId: promo?.id ?? null });
  const language: Language = isLanguage(input.language) ? input.language : isLanguage(user.interfaceLanguage) ? user.interfaceLanguage : 'en';
  // The provider sends the payer back to the return pages in the language they paid in.
  const sites = sitesOf(ctx.config);
  const back = urls ?? {
    successUrl: `${canonicalUrl(sites, language, '/pay/ok')}?payment={PAYMENT_ID}`,
    cancelUrl: `${canonicalUrl(sites, language, '/pay/error')}?payment={PAYMENT_ID}`,
  };
  const withId = (url: string) => url.replace('{PAYMENT_ID}', String(payment.id));
  try {
    const checkout = await provider.createCheckout(ctx, {
      paymentId: payment.id,
      amountMinor: cents,
      currency: 'USD',
      description: `${ctx.config.BRAND_NAME} balance top-up #${payment.id}`,
      successUrl: withId(back.successUrl),
      cancelUrl: withId(back.cancelUrl),
      customerEmail: user.email,
      language,
    });
    await repo.markPending(ctx.db, payment.id, checkout.providerRef);
    return { paymentId: payment.id, redirectUrl: checkout.redirectUrl };
  } catch (err) {
    // The provider's own words stay in our log; the payer sees ours.
    ctx.log.error({ err, paymentId: payment.id, provider: provider.name }, 'checkout creation failed');
    await repo.markCreateFailed(ctx.db, payment.id, 'The payment provider could not be reached.');
    throw new AppError('INTERNAL', 'The payment provider could not be reached. Nothing was charged; please try again.');
  }
}

export type EventOutcome = 'credited' | 'failed' | 'ignored' | 'duplicate' | 'refused:unknown_payment' | 'refused:amount' | 'refused:currency';

/** Acts on one verified webhook event, exactly once per provider event id. */
export async function handleWebhookEvent(ctx: Ctx, provider: PaymentProvider, event: WebhookEvent): Promise<EventOutcome> {
  const result = await ctx.db.transaction(async (tx) => {
    const eventRow = await repo.recordEvent(tx, { provider: provider.name, eventId: event.eventId, type: event.type, payload: event.payload });
    if (eventRow === null) return { outcome: 'duplicate' as const };
    const settle = async (outcome: EventOutcome, paymentId: number | null) => {
      await repo.settleEvent(tx, eventRow, outcome, paymentId);
      return { outcome, paymentId };
    };
    if (event.outcome === 'ignored') return settle('ignored', null);
    const payment = await repo.lockPaymentByRef(tx, provider.name, { providerRef: event.providerRef, clientReference: event.clientReference });
    if (!payment) return settle('refused:unknown_payment', null);
    if (event.outcome === 'failed') {
      // Never downgrades a paid payment (events may arrive out of order).
      if (payment.status !== 'succeeded') await repo.markFailed(tx, payment.id, 'The payment was declined or expired at the provider.');
      return settle(payment.status === 'succeeded' ? 'ignored' : 'failed', payment.id);
    }
    if (event.amountMinor !== payment.providerAmount) return settle('refused:amount', payment.id);
    if ((event.currency ?? '').toUpperCase() !== payment.currency) return settle('refused:currency', payment.id);
    if (payment.status === 'succeeded') return settle('ignored', payment.id);
    await repo.markSucceeded(tx, payment.id, payment.userId);
    await postLedgerEntry(withDb(ctx, tx), { userId: payment.userId, amount: payment.amount, kind: 'topup', reason: `Top-up #${payment.id} (${provider.name})`, paymentId: payment.id });
    // Promo code bonus (modules/promotions): a separate `promo` entry, in this same transaction, so exactly once with the top-up.
    await creditTopUpBonus(withDb(ctx, tx), payment);
    // The customer's open pages show the new balance (surfaces/realtime, on commit).
    await repo.notifyBalance(tx, payment.userId);
    return { ...(await settle('credited', payment.id)), payment };
  });
  if (result.outcome.startsWith('refused')) ctx.log.warn({ provider: provider.name, eventId: event.eventId, outcome: result.outcome }, 'payment webhook refused');
  if ('payment' in result && result.payment) await sendReceipt(ctx, result.payment).catch((err: unknown) => ctx.log.error({ err }, 'receipt mail failed'));
  return result.outcome;
}

const presentAdmin = (row: { payment: repo.PaymentRow; email: string }): AdminPaymentRow => ({
  ...presentPayment(row.payment),
  userId: row.payment.userId,
  email: row.email,
  providerRef: row.payment.providerRef,
});

export async function searchPaymentsForAdmin(ctx: Ctx, query: AdminPaymentQuery): Promise<AdminPaymentRow[]> {
  const rows = await repo.searchPayments(ctx.db, { ...query, limit: ADMIN_PAYMENTS_PAGE_SIZE, offset: query.page * ADMIN_PAYMENTS_PAGE_SIZE });
  return rows.map(presentAdmin);
}

const adjustmentTag = (paymentId: number) => `Payment #${paymentId}: `;

/** One payment with the webhook events it received and the adjustments written against it. @throws AppError NOT_FOUND */
export async function paymentForAdmin(ctx: Ctx, id: number): Promise<AdminPaymentDetail> {
  const row = await repo.findPaymentWithEmail(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
  const [events, adjustments] = await Promise.all([repo.eventsOf(ctx.db, id), repo.adjustmentsOf(ctx.db, row.payment.userId, adjustmentTag(id))]);
  return {
    payment: presentAdmin(row),
    events: events.map((e) => ({ eventId: e.eventId, type: e.type, outcome: e.outcome, receivedAt: e.receivedAt.toISOString() })),
    adjustments: adjustments.map((a) => ({ amount: formatMoney(a.amount), reason: a.reason.slice(adjustmentTag(id).length), actorId: a.actorId, createdAt: a.createdAt.toISOString() })),
  };
}

/**
 * A manual credit (positive) or refund (negative) against a payment: an `adjustment` ledger entry
 * with the admin as actor and the reason, tagged with the payment. Never below a zero balance.
 * @throws AppError NOT_FOUND, VALIDATION_FAILED, INSUFFICIENT_FUNDS
 */
export async function adjustPayment(ctx: Ctx, adminId: number, id: number, input: { amount: string; reason: string }): Promise<AdminPaymentDetail> {
  const row = await repo.findPaymentWithEmail(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
  const amount = parseMoney(input.amount);
  if (amount === 0) throw new AppError('VALIDATION_FAILED', 'The amount must not be zero.');
  await ctx.db.transaction((tx) => postLedgerEntry(withDb(ctx, tx), { userId: row.payment.userId, amount, kind: 'adjustment', reason: adjustmentTag(id) + input.reason, actorId: adminId }));
  return paymentForAdmin(ctx, id);
}

/** The user's payments, newest first, with the promo code each used and how crypto ones ended. */
export async function listPayments(ctx: Ctx, userId: number): Promise<PaymentView[]> {
  const rows = await repo.listPayments(ctx.db, userId, 200);
  const promoIds = [...new Set(rows.map((p) => p.promoCodeId).filter((id): id is number => id !== null))];
  const [codes, crypto] = await Promise.all([repo.promoCodesByIds(ctx.db, promoIds), cryptoNotesFor(ctx.db, rows.map((p) => p.id))]);
  return rows.map((p) => ({ ...presentPayment(p), promoCode: p.promoCodeId === null ? null : (codes.get(p.promoCodeId) ?? null), ...crypto.get(p.id) }));
}

/** @throws AppError NOT_FOUND */
export async function getPayment(ctx: Ctx, userId: number, id: number): Promise<PaymentView> {
  const row = await repo.findPayment(ctx.db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such payment.');
  return presentPayment(row);
}

import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { withDb } from '#server/lib/ctx.ts';
import { getBalance, postLedgerEntryReturningId } from '#server/modules/billing/billing.service.ts';
import { convertMicros, minorDigits } from '#server/modules/pricing/currency.ts';
import {
  ENTERPRISE_PERIODS,
  ENTERPRISE_PLANS,
  type BuyEnterprise,
  type BuyEnterpriseResult,
  type EnterpriseConditions,
  type EnterprisePlan,
  type EnterprisePricing,
  type EnterpriseSubscriptionView,
} from '#shared/contracts/support.ts';
import { formatMoney, MICROS } from '#shared/money.ts';
import * as repo from './enterprise.repo.ts';

/**
 * Enterprise support (issue 18 §4; our own design, field research §2.8): two plans paid from the
 * balance through the ledger for 1, 3 or 12 months, renewed from the balance at the end of the
 * period when auto-renewal is on, otherwise (or when the balance is short) expired.
 */
export const PLANS: Record<EnterprisePlan, { monthlyUsd: number; responseHours: number; rateLimitMultiplier: number; features: string[] }> = {
  business: {
    monthlyUsd: 300,
    responseHours: 8,
    rateLimitMultiplier: 3,
    features: ['priorityTickets', 'taskPriority', 'rateLimits', 'usageReport'],
  },
  enterprise: {
    monthlyUsd: 900,
    responseHours: 2,
    rateLimitMultiplier: 10,
    features: ['priorityTickets', 'namedContact', 'taskPriority', 'rateLimits', 'usageReport'],
  },
};
/** Longer periods cost less per month. */
export const PERIOD_DISCOUNT: Record<number, number> = { 1: 0, 3: 5, 12: 15 };

/** Micro-USD of a plan for a period, after the period's discount (exact integers). */
export function priceOf(plan: EnterprisePlan, months: number): number {
  const gross = PLANS[plan].monthlyUsd * MICROS * months;
  return gross - Math.floor((gross * PERIOD_DISCOUNT[months]!) / 100);
}

function rateOf(ctx: Ctx, currency: string | undefined): { currency: string; rate: string } {
  const code = (currency ?? 'USD').toUpperCase();
  if (code === 'USD') return { currency: 'USD', rate: '1' };
  const rate = ctx.config.CURRENCY_RATES[code];
  if (!rate) throw new AppError('UNSUPPORTED_CURRENCY', `No rate for ${code}; ask in USD, ${Object.keys(ctx.config.CURRENCY_RATES).join(', ')}.`);
  return { currency: code, rate };
}

const inCurrency = (micros: number, c: { currency: string; rate: string }) => convertMicros(micros, c.rate, minorDigits(c.currency));

/** GET /api/v2/user/enterprise_support/pricing?currency= (spec §7). */
export function pricing(ctx: Ctx, currency?: string): EnterprisePricing {
  const c = rateOf(ctx, currency);
  return {
    currency: c.currency,
    plans: ENTERPRISE_PLANS.map((plan) => ({
      plan,
      monthly: inCurrency(PLANS[plan].monthlyUsd * MICROS, c),
      periods: ENTERPRISE_PERIODS.map((months) => ({ months, price: inCurrency(priceOf(plan, months), c), priceUsd: formatMoney(priceOf(plan, months)), discountPercent: PERIOD_DISCOUNT[months]! })),
      responseHours: PLANS[plan].responseHours,
      rateLimitMultiplier: PLANS[plan].rateLimitMultiplier,
      features: PLANS[plan].features,
    })),
  };
}

function present(row: repo.SubscriptionRow, at = new Date()): EnterpriseSubscriptionView {
  return {
    id: row.id,
    plan: row.plan,
    months: row.months,
    priceUsd: formatMoney(row.price),
    autoRenew: row.autoRenew,
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    active: row.endedAt === null && row.startsAt <= at && row.expiresAt > at,
  };
}

/** GET /api/v2/user/enterprise_support/conditions?currency= (spec §7): the rules, and the caller's subscription. */
export async function conditions(ctx: Ctx, userId: number | null, currency?: string): Promise<EnterpriseConditions> {
  const c = rateOf(ctx, currency);
  const latest = userId === null ? undefined : await repo.latestSubscription(ctx.db, userId);
  return {
    currency: c.currency,
    minimumBalance: inCurrency(Math.min(...ENTERPRISE_PLANS.map((p) => priceOf(p, 1))), c),
    paymentFrom: 'balance',
    renewal: 'automatic_from_balance',
    graceDays: 0,
    refund: 'none_after_start',
    periods: [...ENTERPRISE_PERIODS],
    responseHours: { business: PLANS.business.responseHours, enterprise: PLANS.enterprise.responseHours },
    queuePriority: true,
    subscription: latest ? present(latest) : null,
  };
}

function addMonths(at: Date, months: number): Date {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * POST /api/v2/user/enterprise_support/buy (spec §7): pays the period from the balance (one
 * `enterprise_support` ledger entry) and starts it now, or, while a period of the same plan runs,
 * right after it (prepaid extension). Another plan while one runs is refused.
 * @throws AppError INSUFFICIENT_FUNDS, CONFLICT
 */
export async function buy(ctx: Ctx, userId: number, input: BuyEnterprise): Promise<BuyEnterpriseResult> {
  const months = input.months;
  const price = priceOf(input.plan, months);
  const subscription = await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const now = new Date();
    const latest = await repo.latestSubscription(tx, userId);
    if (latest && latest.expiresAt > now && latest.plan !== input.plan) {
      throw new AppError('CONFLICT', `Your ${latest.plan} plan runs until ${latest.expiresAt.toISOString().slice(0, 10)}; buy the same plan to extend it, or change plans after it ends.`);
    }
    const startsAt = latest && latest.expiresAt > now ? latest.expiresAt : now;
    const { entryId } = await postLedgerEntryReturningId(withDb(ctx, tx), {
      userId,
      amount: -price,
      kind: 'enterprise_support',
      reason: `Enterprise support: ${input.plan}, ${months} month(s)`,
      actorId: userId,
    });
    if (latest && latest.expiresAt > now) await repo.updateSubscription(tx, latest.id, { renewedAt: now });
    return repo.insertSubscription(tx, { userId, plan: input.plan, months, price, ledgerEntryId: entryId, autoRenew: input.autoRenew ?? true, startsAt, expiresAt: addMonths(startsAt, months) });
  });
  return { subscription: present(subscription), balance: formatMoney(await getBalance(ctx, userId)) };
}

/** Turns auto-renewal of the caller's running and prepaid periods on or off. */
export async function setAutoRenew(ctx: Ctx, userId: number, autoRenew: boolean): Promise<EnterpriseConditions['subscription']> {
  await repo.setAutoRenew(ctx.db, userId, autoRenew);
  const latest = await repo.latestSubscription(ctx.db, userId);
  return latest ? present(latest) : null;
}

/** The running plan of a user, or null. */
export async function activePlan(ctx: Ctx, userId: number): Promise<{ plan: EnterprisePlan; expiresAt: string } | null> {
  const row = await repo.activeSubscription(ctx.db, userId);
  return row ? { plan: row.plan, expiresAt: row.expiresAt.toISOString() } : null;
}

/** The API request-limit multiplier of a user's running plan (1 without one). */
export async function rateLimitMultiplier(ctx: Pick<Ctx, 'db'>, userId: number): Promise<number> {
  const row = await repo.activeSubscription(ctx.db, userId);
  return row ? PLANS[row.plan].rateLimitMultiplier : 1;
}

/**
 * The renewal job: every period that reached its end without a successor is renewed from the
 * balance (same plan and length, at today's price) when auto-renewal is on and the balance covers
 * it; otherwise it ends. Each in its own transaction.
 */
export async function renewOrExpire(ctx: Ctx, at = new Date()): Promise<{ renewed: number; expired: number }> {
  let renewed = 0;
  let expired = 0;
  for (const candidate of await repo.dueSubscriptions(ctx.db, at, 100)) {
    await ctx.db.transaction(async (tx) => {
      await repo.lockUser(tx, candidate.userId);
      // Another node may have handled it between the listing and the lock.
      const due = await repo.findSubscription(tx, candidate.id);
      if (!due || due.renewedAt || due.endedAt) return;
      if (due.autoRenew) {
        const price = priceOf(due.plan, due.months);
        try {
          const { entryId } = await postLedgerEntryReturningId(withDb(ctx, tx), {
            userId: due.userId,
            amount: -price,
            kind: 'enterprise_support',
            reason: `Enterprise support renewal: ${due.plan}, ${due.months} month(s)`,
          });
          await repo.updateSubscription(tx, due.id, { renewedAt: at });
          await repo.insertSubscription(tx, { userId: due.userId, plan: due.plan, months: due.months, price, ledgerEntryId: entryId, autoRenew: true, startsAt: due.expiresAt, expiresAt: addMonths(due.expiresAt, due.months) });
          renewed++;
          return;
        } catch (err) {
          if (!(err instanceof AppError && err.code === 'INSUFFICIENT_FUNDS')) throw err;
        }
      }
      await repo.updateSubscription(tx, due.id, { endedAt: due.expiresAt });
      expired++;
    });
  }
  return { renewed, expired };
}

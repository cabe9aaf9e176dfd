/**
 * The affiliate programme (issue 12 §4). A visitor who followed `?from=<id>&source=…` is bound to
 * that referrer when they sign up: the first referral link their browser followed within the
 * reg_referrer cookie's life (3 days; the tracking event of spec §4, the cookie as a fallback),
 * never themselves, never changed later. The terms of that day are stored with the binding.
 * Commissions are written by the database (migration 0018's trigger) in the transaction of each
 * earning, charge, refund, hold or release of the referred account, paid by the house.
 */
import type { AffiliateDashboardView, AffiliateTermsView, InvitedReferralsView, ReferralSourcesView } from '#shared/contracts/affiliate.ts';
import { formatMoney } from '#shared/money.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { findUserById } from '#server/modules/users/users.repo.ts';
import * as repo from './affiliate.repo.ts';

/** The reg_referrer cookie's life (web/lib/cookies.ts): how long a followed link binds a sign-up. */
export const REFERRAL_COOKIE_DAYS = 3;
const PAGE = 100;

const bps = (percent: number) => Math.round(percent * 100);

export function termsOf(ctx: Ctx): AffiliateTermsView {
  return {
    workerPercent: String(ctx.config.REFERRAL_WORKER_PERCENT),
    customerPercent: String(ctx.config.REFERRAL_CUSTOMER_PERCENT),
    customerMonths: ctx.config.REFERRAL_CUSTOMER_MONTHS,
    cookieDays: REFERRAL_COOKIE_DAYS,
  };
}

/** One mailbox behind its aliases: lower-cased, "+tag" dropped, dots ignored at Gmail. */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const base = local.split('+')[0]!;
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? base.replace(/\./g, '') : base}@${gmail ? 'gmail.com' : domain}`;
}

/**
 * Binds a new account to the referrer of the first link its browser followed. Self-referrals (the
 * referrer's own account, or another address of the referrer's mailbox) and unknown, deleted or
 * blocked referrers bind nothing. Returns the referrer's id, or null.
 */
export async function attributeSignup(ctx: Ctx, userId: number, seen: { visitorId?: string; cookieFrom?: string }): Promise<number | null> {
  const touch = seen.visitorId ? await repo.firstTouch(ctx.db, seen.visitorId, REFERRAL_COOKIE_DAYS) : undefined;
  const from = touch?.from ?? seen.cookieFrom;
  if (!from || !/^\d{1,15}$/.test(from)) return null;
  const referrerId = Number(from);
  if (referrerId === userId) return null;
  const [referrer, user] = await Promise.all([findUserById(ctx.db, referrerId), findUserById(ctx.db, userId)]);
  if (!referrer || !user || referrer.deletedAt || referrer.blockedAt) return null;
  if (mailboxOf(referrer.email) === mailboxOf(user.email)) return null;
  const until = new Date(user.createdAt);
  until.setUTCMonth(until.getUTCMonth() + ctx.config.REFERRAL_CUSTOMER_MONTHS);
  const bound = await repo.bindReferral(ctx.db, {
    userId,
    referrerId,
    source: touch?.source?.slice(0, 100) || null,
    workerBps: bps(ctx.config.REFERRAL_WORKER_PERCENT),
    customerBps: bps(ctx.config.REFERRAL_CUSTOMER_PERCENT),
    customerUntil: until,
  });
  return bound ? referrerId : null;
}

export async function dashboard(ctx: Ctx, referrerId: number): Promise<AffiliateDashboardView> {
  const [t, days] = await Promise.all([repo.totals(ctx.db, referrerId), repo.byDay(ctx.db, referrerId, 30)]);
  return {
    referrerId,
    terms: termsOf(ctx),
    clicks: t.clicks,
    signups: t.signups,
    activeReferrals: t.active,
    earned: formatMoney(t.workers + t.customers),
    earnedWorkers: formatMoney(t.workers),
    earnedCustomers: formatMoney(t.customers),
    days: days.map((d) => ({ day: d.day, signups: d.signups, commission: formatMoney(d.commission) })),
  };
}

/** "ivan.petrov@example.com" → "iv***@e***.com": enough to tell accounts apart, not to contact them. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 2)}***@${domain.slice(0, 1)}***${tld}`;
}

export async function invitedReferrals(ctx: Ctx, referrerId: number, page: number): Promise<InvitedReferralsView> {
  const rows = await repo.invited(ctx.db, referrerId, PAGE, page * PAGE);
  return {
    referrals: rows.map((r) => ({
      label: `#${r.n}`,
      maskedEmail: r.deleted ? '—' : maskEmail(r.email),
      userType: r.user_type,
      source: r.source,
      joinedAt: new Date(r.created_at).toISOString(),
      commission: formatMoney(Number(r.commission)),
    })),
  };
}

export async function referralSources(ctx: Ctx, referrerId: number): Promise<ReferralSourcesView> {
  const rows = await repo.bySource(ctx.db, referrerId);
  return { sources: rows.map((r) => ({ ...r, commission: formatMoney(r.commission) })) };
}

import { z } from 'zod';

/** The affiliate programme (issue 12 §4): terms, the referrer's dashboard and lists. */
export interface AffiliateTermsView {
  /** Percent of referred workers' earnings, e.g. "10". */
  workerPercent: string;
  /** Percent of referred customers' spend. */
  customerPercent: string;
  /** For how many months after sign-up a referred customer's spend earns. */
  customerMonths: number;
  /** How long the referral cookie binds a visitor to the first link they followed (days). */
  cookieDays: number;
}

export interface AffiliateDayView {
  day: string;
  signups: number;
  commission: string;
}

export interface AffiliateDashboardView {
  referrerId: number;
  terms: AffiliateTermsView;
  clicks: number;
  signups: number;
  /** Referred accounts with a commissioned entry in the last 30 days. */
  activeReferrals: number;
  /** Net of commissions and reversals. */
  earned: string;
  earnedWorkers: string;
  earnedCustomers: string;
  /** The last 30 days, oldest first; days without activity included. */
  days: AffiliateDayView[];
}

export interface InvitedReferralView {
  /** Anonymised: the account's number within this referrer's list and a masked address. */
  label: string;
  maskedEmail: string;
  userType: 'developer' | 'customer' | 'worker' | null;
  source: string | null;
  joinedAt: string;
  commission: string;
}

export interface InvitedReferralsView {
  referrals: InvitedReferralView[];
}

export interface ReferralSourceView {
  source: string | null;
  clicks: number;
  signups: number;
  commission: string;
}

export interface ReferralSourcesView {
  sources: ReferralSourceView[];
}

export const ReferralListQuerySchema = z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0) });

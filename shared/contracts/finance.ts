import { z } from 'zod';

/** The operator's money view (issue 22 #5): /api/v2/admin/finance, /api/v2/admin/audit-log. */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const FinanceQuerySchema = z
  .object({
    /** First and last UTC day, inclusive (default: the last 30 days). */
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type FinanceQuery = z.infer<typeof FinanceQuerySchema>;

/** Figures of one day and captcha type, micro-USD (strings: exact 64-bit integers). */
export interface FinanceRow {
  day: string;
  /** A captcha type's slug; "" for money not tied to a task (top-ups, payouts…), "(pruned)" when the task is gone. */
  type: string;
  /** What customers were charged, refunds not deducted. */
  spend: string;
  refunds: string;
  /** Worker rewards, less held rewards, plus released ones. */
  earnings: string;
  /** The developers' share of tasks submitted through their software. */
  developerShare: string;
  /** Referral commissions less their reversals. */
  referralShare: string;
  /** spend − refunds − earnings − developerShare − referralShare. */
  margin: string;
}

export interface FinanceKindRow {
  kind: string;
  credit: string;
  debit: string;
  count: number;
}

export interface FinanceView {
  from: string;
  to: string;
  rows: FinanceRow[];
  totals: Omit<FinanceRow, 'day' | 'type'>;
  /** Every ledger kind in the period (kinds added later appear here as they are). */
  kinds: FinanceKindRow[];
  /** Now, not for the period. */
  balances: {
    /** Balances owed to users: customers' prepaid money and workers' and developers' withdrawable earnings. */
    owedCustomers: string;
    owedWorkers: string;
    owedOther: string;
    owedTotal: string;
    /** All time: top-ups received, payouts sent (less returns), and what is left against what is owed. */
    received: string;
    paidOut: string;
    /** received − paidOut − owedTotal: the platform's own money (negative: it owes more than it holds). */
    cover: string;
  };
}

export const AuditQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Only actions on this user. */
  userId: z.coerce.number().int().positive().optional(),
});

export interface AuditEntry {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  targetUserId: number | null;
  targetEmail: string | null;
  reason: string;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  hasMore: boolean;
}

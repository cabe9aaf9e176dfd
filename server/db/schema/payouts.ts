import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_METHODS } from '#shared/contracts/payouts.ts';
import { ledgerEntries, users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Per payout method: whether users may pick it, its minimum and its fee (admins edit these). */
export const payoutMethods = pgTable('payout_methods', {
  method: text('method', { enum: PAYOUT_METHODS }).primaryKey(),
  enabled: boolean('enabled').notNull(),
  /** Micro-USD. */
  minAmount: bigint('min_amount', { mode: 'number' }).notNull(),
  /** Micro-USD taken from each payout, plus fee_bps / 10000 of it. */
  feeFixed: bigint('fee_fixed', { mode: 'number' }).notNull(),
  feeBps: integer('fee_bps').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const WALLET_STATUSES = ['pending', 'active', 'replaced', 'cancelled'] as const;

/**
 * A payout wallet per (user, method). A change is stored `pending` and mailed as an edit_purse hash
 * link; confirming makes it `active` (the previous one `replaced`), usable for payouts from
 * `usable_at` (the hold after a change).
 */
export const payoutWallets = pgTable(
  'payout_wallets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    method: text('method', { enum: PAYOUT_METHODS }).notNull().references(() => payoutMethods.method),
    address: text('address').notNull(),
    status: text('status', { enum: WALLET_STATUSES }).notNull().default('pending'),
    requestedAt: at('requested_at').notNull().defaultNow(),
    confirmedAt: at('confirmed_at'),
    usableAt: at('usable_at'),
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('payout_wallets_one_active').on(t.userId, t.method).where(sql`status = 'active'`),
    uniqueIndex('payout_wallets_one_pending').on(t.userId, t.method).where(sql`status = 'pending'`),
    index('payout_wallets_user_idx').on(t.userId, t.requestedAt),
    check('payout_wallets_active_confirmed', sql`${t.status} not in ('active', 'replaced') or (${t.confirmedAt} is not null and ${t.usableAt} is not null)`),
  ],
);

/** The wallets' security log: every request, confirmation, cancellation and replacement. */
export const payoutWalletEvents = pgTable(
  'payout_wallet_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    walletId: bigint('wallet_id', { mode: 'number' }).notNull().references(() => payoutWallets.id),
    event: text('event', { enum: ['requested', 'confirmed', 'cancelled', 'replaced'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('payout_wallet_events_user_idx').on(t.userId, t.createdAt)],
);

export const PAYOUT_STATUSES = ['requested', 'approved', 'sent', 'rejected'] as const;

/**
 * A payout request. Its amount left the balance when it was asked for (`hold_entry_id`, ledger kind
 * 'payout'); a rejection returns it (`return_entry_id`, kind 'payout_return'); sent is final.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    walletId: bigint('wallet_id', { mode: 'number' }).notNull().references(() => payoutWallets.id),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    address: text('address').notNull(),
    /** Micro-USD taken from the balance; the wallet receives amount − fee. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    provider: text('provider').notNull().default('manual'),
    reference: text('reference'),
    rejectReason: text('reject_reason'),
    holdEntryId: bigint('hold_entry_id', { mode: 'number' }).notNull().unique().references(() => ledgerEntries.id),
    returnEntryId: bigint('return_entry_id', { mode: 'number' }).unique().references(() => ledgerEntries.id),
    requestedAt: at('requested_at').notNull().defaultNow(),
    approvedAt: at('approved_at'),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id),
    sentAt: at('sent_at'),
    sentBy: bigint('sent_by', { mode: 'number' }).references(() => users.id),
    rejectedAt: at('rejected_at'),
    rejectedBy: bigint('rejected_by', { mode: 'number' }).references(() => users.id),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.requestedAt),
    index('payouts_status_idx').on(t.status, t.requestedAt),
    check('payouts_fee_below_amount', sql`${t.fee} < ${t.amount}`),
    check('payouts_sent_has_reference', sql`${t.status} <> 'sent' or ${t.reference} is not null`),
    check('payouts_rejected_returned', sql`${t.status} <> 'rejected' or (${t.rejectReason} is not null and ${t.returnEntryId} is not null)`),
  ],
);

/** "Return funds": what an account that deposited asks for instead of a payout; staff handle it. */
export const fundsReturnRequests = pgTable(
  'funds_return_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    details: text('details').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    staffNote: text('staff_note'),
    closedBy: bigint('closed_by', { mode: 'number' }).references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (t) => [index('funds_return_requests_status_idx').on(t.status, t.createdAt), index('funds_return_requests_user_idx').on(t.userId, t.createdAt)],
);

/** Who referred an account: bound once at sign-up, with the terms of that day. */
export const referrals = pgTable(
  'referrals',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id),
    referrerId: bigint('referrer_id', { mode: 'number' }).notNull().references(() => users.id),
    source: text('source'),
    workerBps: integer('worker_bps').notNull(),
    customerBps: integer('customer_bps').notNull(),
    customerUntil: at('customer_until').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId, t.createdAt), check('referrals_not_self', sql`${t.referrerId} <> ${t.userId}`)],
);

/**
 * One row per commission or reversal, written by the database trigger of migration 0018 in the
 * transaction of the referred user's entry (`basis_entry_id`); `entry_id` is the referrer's entry.
 */
export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    referrerId: bigint('referrer_id', { mode: 'number' }).notNull().references(() => users.id),
    referredId: bigint('referred_id', { mode: 'number' }).notNull().references(() => users.id),
    side: text('side', { enum: ['worker', 'customer'] }).notNull(),
    basisEntryId: bigint('basis_entry_id', { mode: 'number' }).notNull().unique().references(() => ledgerEntries.id),
    entryId: bigint('entry_id', { mode: 'number' }).notNull().unique().references(() => ledgerEntries.id),
    taskId: bigint('task_id', { mode: 'number' }),
    basisAmount: bigint('basis_amount', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('referral_commissions_referrer_idx').on(t.referrerId, t.createdAt),
    index('referral_commissions_task_idx').on(t.referredId, t.taskId, t.side).where(sql`task_id is not null`),
  ],
);

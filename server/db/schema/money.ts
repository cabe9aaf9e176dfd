import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const TRANSFER_STATUSES = ['pending', 'confirmed', 'expired', 'refused'] as const;

/**
 * A transfer of balance from one account to another (issue 11 §4). Stored pending when asked for;
 * the money moves only when the sender opens the mailed link (auth_tokens, purpose send_user) and
 * confirms. recipient_id is null when the address or id named no account that can receive: the
 * asker gets the same answer either way, and such a transfer is refused at confirmation.
 */
export const moneyTransfers = pgTable(
  'money_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    senderId: bigint('sender_id', { mode: 'number' }).notNull().references(() => users.id),
    recipientId: bigint('recipient_id', { mode: 'number' }).references(() => users.id),
    /** What the sender typed (an address or "#id"), shown back to the sender only. */
    recipientLabel: text('recipient_label').notNull(),
    /** Micro-USD. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('pending'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('money_transfers_sender_idx').on(t.senderId, t.createdAt),
    index('money_transfers_recipient_idx').on(t.recipientId, t.createdAt).where(sql`recipient_id is not null`),
  ],
);

/** A batch of vouchers an admin issued: one amount and expiry for `count` codes. */
export const voucherBatches = pgTable('voucher_batches', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** Micro-USD each code credits. */
  amount: bigint('amount', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
  note: text('note').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: bigint('created_by', { mode: 'number' }).notNull().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One voucher code, single use overall. Only the sha256 of the code is stored (the codes are
 * handed to the admin once, at issuance); code_hint is its last four characters for display.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull().references(() => voucherBatches.id),
    codeHash: text('code_hash').notNull(),
    codeHint: text('code_hint').notNull(),
    redeemedBy: bigint('redeemed_by', { mode: 'number' }).references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vouchers_code_hash_key').on(t.codeHash),
    index('vouchers_batch_idx').on(t.batchId),
    index('vouchers_redeemed_by_idx').on(t.redeemedBy).where(sql`redeemed_by is not null`),
  ],
);

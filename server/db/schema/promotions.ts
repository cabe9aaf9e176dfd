import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const PROMO_KINDS = ['bonus', 'credit'] as const;

/**
 * A promo code (issue 11 §6): `bonus` adds bonus_percent of a top-up when that top-up's webhook
 * credits it; `credit` credits `amount` when redeemed. Each user once; at most max_uses uses in
 * all (`uses` and `credited` count them, under the row lock of the crediting transaction).
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, as typed by admins; customers' input is upper-cased before lookup. */
    code: text('code').notNull(),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    bonusPercent: integer('bonus_percent'),
    /** Micro-USD, for `credit` codes. */
    amount: bigint('amount', { mode: 'number' }),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    /** Micro-USD credited through this code so far. */
    credited: bigint('credited', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paused: boolean('paused').notNull().default(false),
    note: text('note').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }).notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_codes_code_key').on(t.code)],
);

/** One user's use of a promo code: the credit, and for a bonus the top-up it came with. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: bigint('promo_code_id', { mode: 'number' }).notNull().references(() => promoCodes.id),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    /** The top-up a bonus was credited with (FK to payments in the migration). */
    paymentId: bigint('payment_id', { mode: 'number' }),
    /** Micro-USD credited. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_once').on(t.promoCodeId, t.userId),
    uniqueIndex('promo_redemptions_payment_key').on(t.paymentId).where(sql`payment_id is not null`),
  ],
);

/**
 * A discount campaign: `percent` off the live price of the listed captcha types (registry slugs)
 * from starts_at until ends_at, unless paused. Workers' rewards are not discounted: the platform
 * pays for the campaign. `tasks` and `discounted` (micro-USD) count its use, flushed from each node.
 */
export const discountCampaigns = pgTable(
  'discount_campaigns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    types: text('types').array().notNull(),
    percent: integer('percent').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    paused: boolean('paused').notNull().default(false),
    tasks: bigint('tasks', { mode: 'number' }).notNull().default(0),
    discounted: bigint('discounted', { mode: 'number' }).notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discount_campaigns_ends_idx').on(t.endsAt)],
);

import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const PAYMENT_STATUSES = ['created', 'pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;

/** One top-up attempt through a payment provider; the balance moves only when its webhook says paid. */
export const payments = pgTable(
  'payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 70_001 }),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    /** The provider's short name (sandbox, stripe, …). */
    provider: text('provider').notNull(),
    /** The provider's id of this payment (checkout session, invoice); set once created there. */
    providerRef: text('provider_ref'),
    /** Micro-USD credited when paid. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What the provider charges, in its currency's minor units (cents). */
    providerAmount: bigint('provider_amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    /** Why it failed, in the product's words (never the provider's raw text). */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** The promo code entered with this top-up (modules/promotions): its bonus is credited with it. */
    promoCodeId: bigint('promo_code_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef).where(sql`provider_ref is not null`),
    index('payments_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Every webhook event a provider delivered, once per provider event id, with what it did. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id),
    type: text('type').notNull(),
    /** credited, failed, ignored, or refused:<reason>. */
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_once').on(t.provider, t.eventId), index('payment_events_payment_idx').on(t.paymentId)],
);

/**
 * The sandbox provider's own records: its hosted checkout sessions. It plays an outside provider,
 * so it keeps its state apart from `payments` and talks to the product only through the redirect
 * and the signed webhook.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  ref: text('ref').primaryKey(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** The product's payment id, echoed in the webhook as a real provider echoes metadata. */
  clientReference: text('client_reference').notNull(),
  status: text('status', { enum: ['open', 'approved', 'declined'] }).notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COIN_IDS } from '#shared/contracts/crypto.ts';
import { payments } from './payments.ts';

/** The next unused address index per coin and account key (key_id: a hash of the xpub). */
export const cryptoAddressCounters = pgTable(
  'crypto_address_counters',
  {
    coin: text('coin').notNull(),
    keyId: text('key_id').notNull(),
    nextIndex: integer('next_index').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'crypto_address_counters_pk', columns: [t.coin, t.keyId] })],
);

/** A crypto top-up's invoice: its own address and the coin amount at a rate locked until it expires. */
export const cryptoInvoices = pgTable(
  'crypto_invoices',
  {
    paymentId: bigint('payment_id', { mode: 'number' })
      .primaryKey()
      .references(() => payments.id),
    coin: text('coin', { enum: COIN_IDS }).notNull(),
    keyId: text('key_id').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    address: text('address').notNull(),
    /** In the coin's base unit (satoshi, USDT's 10⁻⁶). */
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
    /** The USD ordered, micro-USD. */
    usdAmount: bigint('usd_amount', { mode: 'number' }).notNull(),
    /** Micro-USD per 1 whole coin, locked for the invoice's life. */
    rate: bigint('rate', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['open', 'confirming', 'paid', 'overpaid', 'underpaid', 'expired'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crypto_invoices_address_key').on(t.coin, t.address),
    uniqueIndex('crypto_invoices_index_key').on(t.coin, t.keyId, t.derivationIndex),
    index('crypto_invoices_watch_idx').on(t.coin, t.expiresAt),
  ],
);

/** A transaction output the chain watcher saw paying an invoice's address; credited at most once. */
export const cryptoDeposits = pgTable(
  'crypto_deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    coin: text('coin').notNull(),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => cryptoInvoices.paymentId),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** null while in the mempool (or after a reorg dropped its block). */
    blockHeight: integer('block_height'),
    /** When it arrived (the chain's time where the source gives it). */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    /** Arrived after the invoice expired: credited at `rate`, the rate at its arrival. */
    late: boolean('late').notNull(),
    rate: bigint('rate', { mode: 'number' }).notNull(),
    creditedPaymentId: bigint('credited_payment_id', { mode: 'number' }).references(() => payments.id),
    creditedAmount: bigint('credited_amount', { mode: 'number' }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crypto_deposits_output_key').on(t.coin, t.txid, t.vout),
    index('crypto_deposits_invoice_idx').on(t.invoiceId),
  ],
);

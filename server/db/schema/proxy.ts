import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROXY_PLAN_TYPES, PROXY_UNITS } from '#shared/proxy/catalog.ts';
import { ledgerEntries, users } from './users.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A bought proxy plan (issue 17): traffic (`unit` gb, `bytes_total` bytes, `bytes_used` of them
 * consumed by gateway flushes, never past the total) or static IPs (`unit` ip, unmetered until
 * `expires_at`). Paid once from the balance through the ledger (`ledger_entry_id`).
 */
export const proxyPurchases = pgTable(
  'proxy_purchases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    planType: text('plan_type', { enum: PROXY_PLAN_TYPES }).notNull(),
    unit: text('unit', { enum: PROXY_UNITS }).notNull(),
    /** A country slug, or null for any country. */
    country: text('country'),
    quantity: integer('quantity').notNull(),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull(),
    bytesUsed: bigint('bytes_used', { mode: 'number' }).notNull().default(0),
    /** Micro-USD paid. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).notNull().references(() => ledgerEntries.id),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('proxy_purchases_user_idx').on(t.userId, t.planType, t.expiresAt)],
);

/** A proxy login of an account: its own password (salted sha256 of a generated secret), caps and totals. */
export const proxySubUsers = pgTable(
  'proxy_sub_users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    login: text('login').notNull(),
    label: text('label').notNull().default(''),
    passwordSalt: text('password_salt').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Bytes (up + down) this login may move in all; null: only the account's traffic limits it. */
    trafficLimit: bigint('traffic_limit', { mode: 'number' }),
    /** Concurrent connections; null: the gateway's default. */
    maxConnections: integer('max_connections'),
    bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
    bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
    disabledAt: at('disabled_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('proxy_sub_users_login').on(t.login), index('proxy_sub_users_user_idx').on(t.userId)],
);

/** Client addresses (an IP or a CIDR range) that may use the gateway without a password, counted to a sub-user. */
export const proxyWhitelist = pgTable(
  'proxy_ip_whitelist',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    subUserId: bigint('sub_user_id', { mode: 'number' }).notNull().references(() => proxySubUsers.id),
    /** Normalized: `1.2.3.4/32`, `10.0.0.0/8`, `2001:db8::/32`. */
    cidr: text('cidr').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('proxy_ip_whitelist_cidr').on(t.cidr)],
);

/** Traffic per sub-user, day (UTC) and plan type, added to by the gateway's batched flushes. */
export const proxyUsageDaily = pgTable(
  'proxy_usage_daily',
  {
    subUserId: bigint('sub_user_id', { mode: 'number' }).notNull().references(() => proxySubUsers.id),
    day: date('day', { mode: 'string' }).notNull(),
    planType: text('plan_type', { enum: PROXY_PLAN_TYPES }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
    bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
    connections: bigint('connections', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subUserId, t.day, t.planType] }), index('proxy_usage_daily_user_idx').on(t.userId, t.day)],
);

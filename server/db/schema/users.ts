import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationPrefs } from '#shared/contracts/profile.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Lower-cased; a deleted account's address is replaced so it can register again. */
    email: text('email').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    pendingEmail: text('pending_email'),
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    userType: text('user_type', { enum: ['developer', 'customer', 'worker'] }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isModerator: boolean('is_moderator').notNull().default(false),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** USD micro-units (see shared/money.ts). */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    interfaceLanguage: text('interface_language').notNull().default('en'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** Start (epoch seconds) of the last accepted TOTP period: a code is accepted once. */
    totpLastEpoch: bigint('totp_last_epoch', { mode: 'number' }),
    /** sha256 of each unused recovery code. */
    recoveryCodes: text('recovery_codes').array().notNull().default(sql`'{}'::text[]`),
    apiKey: text('api_key').notNull(),
    notifications: jsonb('notifications').$type<NotificationPrefs>().notNull().default({ news: true, payments: true, security: true, lowBalance: true, tickets: true }),
    wallet: jsonb('wallet').$type<{ method: string; address: string }>(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_api_key_key').on(t.apiKey),
    check('users_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);

/** Every money movement, signed, written in the transaction of the event it pays for. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['adjustment', 'charge', 'refund', 'earning', 'commission', 'hold', 'release', 'topup', 'transfer', 'payout', 'voucher', 'promo', 'payout_return', 'referral_commission', 'referral_reversal', 'enterprise_support', 'reward', 'proxy_purchase'] }).notNull(),
    reason: text('reason').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    /** The captcha this entry pays for (no FK: tasks are pruned, the ledger is kept). */
    taskId: bigint('task_id', { mode: 'number' }),
    /** The payment a top-up credits (unique: a payment credits once). */
    paymentId: bigint('payment_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_payment_once').on(t.paymentId).where(sql`payment_id is not null and kind = 'topup'`),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    // A task is charged, refunded, earned on, commissioned, held and released at most once: the database refuses a second.
    // (Consensus tasks earn once per agreeing worker: those entries are 'earning' on the task with distinct users, see tasks.service.)
    uniqueIndex('ledger_entries_task_once').on(t.taskId, t.kind, t.userId).where(sql`task_id is not null and kind in ('charge', 'refund', 'earning', 'commission', 'hold', 'release')`),
  ],
);

/** Server-side sessions; the cookie holds a random token, the table its sha256. No FK: a session
 *  outliving its user is how ERROR_EMPTY_USER is detected (spec §4). */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Password accepted, TOTP still owed. */
    twoFactorPending: boolean('two_factor_pending').notNull().default(false),
    twoFactorFailures: integer('two_factor_failures').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use, expiring hash links sent by e-mail; only the sha256 of the hash is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm_email', 'remind', 'change_email', 'delete_email', 'edit_purse', 'send_user'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_key').on(t.tokenHash)],
);

/** Failed attempts and lockouts per key (sign-in by IP and address, remind, 2FA). */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const systemMessages = pgTable(
  'system_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    message: jsonb('message').$type<Record<string, string>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('system_messages_unread_idx').on(t.userId).where(sql`read_at is null`)],
);

export const userDocuments = pgTable(
  'user_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_documents_user_idx').on(t.userId)],
);

/** Generated secrets shared by every process on the database (e.g. the session signing key). */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

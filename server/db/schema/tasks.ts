import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const TASK_STATES = ['queued', 'assigned', 'solved', 'unsolvable'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/**
 * The durable queue. `queued → assigned → solved`; `assigned → queued` on skip or lease expiry;
 * `→ unsolvable` (refunded) after the attempt limit or the lifetime.
 */
export const tasks = pgTable(
  'tasks',
  {
    // Ids look like the incumbents' (10+ digits); clients treat them as opaque positive integers.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1_000_000_001 }),
    customerId: bigint('customer_id', { mode: 'number' }).notNull().references(() => users.id),
    type: text('type').notNull(),
    kind: text('kind', { enum: ['image', 'token'] }).notNull(),
    state: text('state', { enum: TASK_STATES }).notNull().default('queued'),
    /** The normalized task without its image bytes. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    image: bytea('image'),
    language: text('language'),
    /** Micro-USD charged at submission and what the worker earns on acceptance. */
    price: bigint('price', { mode: 'number' }).notNull(),
    reward: bigint('reward', { mode: 'number' }).notNull(),
    softId: integer('soft_id'),
    pingback: text('pingback'),
    apiVersion: text('api_version', { enum: ['v1', 'v2', 'site'] }).notNull(),
    sourceIp: text('source_ip').notNull(),
    sandbox: boolean('sandbox').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    workerId: bigint('worker_id', { mode: 'number' }),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    solvedBy: bigint('solved_by', { mode: 'number' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    report: text('report', { enum: ['bad', 'good'] }),
    reportOutcome: text('report_outcome', { enum: ['pending', 'upheld', 'rejected'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The claim reads only queued rows: keep that index tiny (architecture: ~9x faster).
    index('tasks_queued_idx').on(t.id).where(sql`state = 'queued'`),
    index('tasks_leases_idx').on(t.leaseExpiresAt).where(sql`state = 'assigned'`),
    index('tasks_open_expiry_idx').on(t.expiresAt).where(sql`state in ('queued', 'assigned')`),
    index('tasks_customer_idx').on(t.customerId, t.id),
  ],
);

/** Every worker's try at a task: accepted answers, skips, expired leases, "not a captcha". */
export const taskAttempts = pgTable(
  'task_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskId: bigint('task_id', { mode: 'number' }).notNull().references(() => tasks.id, { onDelete: 'cascade' }),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    outcome: text('outcome', { enum: ['accepted', 'skipped', 'expired', 'not_captcha', 'wrong'] }).notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_attempts_worker_idx').on(t.workerId, t.createdAt)],
);

/** Per-account API settings (allowed IPs, pingback hosts, max bid, sandbox). */
export const apiSettings = pgTable('api_settings', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
  pingbackHosts: text('pingback_hosts').array().notNull().default(sql`'{}'::text[]`),
  /** Micro-USD per 1000; null means no limit. */
  maxBidPer1000: bigint('max_bid_per_1000', { mode: 'number' }),
  sandbox: boolean('sandbox').notNull().default(false),
});

/** Pingback deliveries with retries; survives restarts. */
export const pingbacks = pgTable(
  'pingbacks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskId: bigint('task_id', { mode: 'number' }).notNull().references(() => tasks.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pingbacks_due_idx').on(t.nextAttemptAt).where(sql`delivered_at is null`)],
);

/** What a worker may be offered: declared languages, training, moderation. */
export const workerProfiles = pgTable('worker_profiles', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  languages: text('languages').array().notNull().default(sql`'{en}'::text[]`),
  trainingPassedAt: timestamp('training_passed_at', { withTimezone: true }),
  /** Each "start over" draws a new training set. */
  trainingAttempt: integer('training_attempt').notNull().default(0),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  mistakes: integer('mistakes').notNull().default(0),
});

/** Software registered by developers; its id is the `soft_id` / `softId` clients send. */
export const software = pgTable('software', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 5001 }),
  developerId: bigint('developer_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const TASK_STATES = ['queued', 'assigned', 'solved', 'unsolvable'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** 100% recognition (consensus): each image goes to several workers until `minMatches` agree. */
export interface ConsensusRule {
  minAttempts: number;
  maxAttempts: number;
  minMatches: number;
}

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
    /** The submitting request's id (`x-request-id`): log lines about the task carry it as reqId, on every node. */
    requestId: text('request_id'),
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
    /** The customer's 100% recognition rule at submission; null for a plain task. */
    consensus: jsonb('consensus').$type<ConsensusRule>(),
    /** A re-solve by a trusted worker that judges a report on this task id (no charge, no reward to the customer). */
    verifiesTaskId: bigint('verifies_task_id', { mode: 'number' }),
    /** Why an unsolvable task ended: ERROR_CAPTCHA_UNSOLVABLE or ERROR_BAD_DUPLICATES. */
    failure: text('failure'),
    /** When the current (last) worker was given the task: wait = assigned_at - created_at. */
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The customer removed this task from the "not a captcha" list. */
    flagDismissedAt: timestamp('flag_dismissed_at', { withTimezone: true }),
    /** 1 for an enterprise-support customer's task (set at insert by a trigger, migration 0022): claimed first. */
    priority: smallint('priority').notNull().default(0),
    /** Tasks of one group (a labelling item's annotators, migration 0029) go to different workers. */
    groupKey: text('group_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The claim reads only queued rows: keep that index tiny (architecture: ~9x faster).
    index('tasks_queued_idx').on(t.id).where(sql`state = 'queued'`),
    // The claim's order: enterprise priority first, then arrival.
    index('tasks_queued_priority_idx').on(t.priority.desc(), t.id).where(sql`state = 'queued'`),
    // The live price's load: queued tasks of one type, counted up to a cap.
    index('tasks_queued_type_idx').on(t.type).where(sql`state = 'queued'`),
    index('tasks_leases_idx').on(t.leaseExpiresAt).where(sql`state = 'assigned'`),
    index('tasks_open_expiry_idx').on(t.expiresAt).where(sql`state in ('queued', 'assigned')`),
    index('tasks_customer_idx').on(t.customerId, t.id),
    index('tasks_ended_idx').on(t.endedAt).where(sql`ended_at is not null`),
    // Statistics roll-ups read a few recent hours by submission time.
    index('tasks_created_idx').on(t.createdAt),
    index('tasks_verifies_idx').on(t.verifiesTaskId).where(sql`verifies_task_id is not null`),
    index('tasks_group_key_idx').on(t.groupKey).where(sql`group_key is not null`),
  ],
);

/**
 * Every worker's try at a task: accepted answers, skips, expired leases, "not a captcha", answers a
 * report upheld ('wrong'). Consensus answers are 'answered' until the vote, then 'accepted'
 * (agreed, paid), 'outvoted' (differed from the agreed answer) or 'unmatched' (no agreement).
 */
export const taskAttempts = pgTable(
  'task_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    taskId: bigint('task_id', { mode: 'number' }).notNull().references(() => tasks.id, { onDelete: 'cascade' }),
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    outcome: text('outcome', { enum: ['accepted', 'skipped', 'expired', 'not_captcha', 'wrong', 'answered', 'outvoted', 'unmatched'] }).notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('task_attempts_worker_idx').on(t.workerId, t.createdAt),
    // The claim's "never a task this worker already tried" probe, and a task's answers.
    index('task_attempts_task_idx').on(t.taskId, t.workerId),
  ],
);

/** Per-account API settings (allowed IPs, pingback hosts, max bid, sandbox). */
export const apiSettings = pgTable('api_settings', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  allowedIps: text('allowed_ips').array().notNull().default(sql`'{}'::text[]`),
  pingbackHosts: text('pingback_hosts').array().notNull().default(sql`'{}'::text[]`),
  /** Micro-USD per 1000; null means no limit. */
  maxBidPer1000: bigint('max_bid_per_1000', { mode: 'number' }),
  sandbox: boolean('sandbox').notNull().default(false),
  /** 100% recognition for image tasks; null when off. */
  consensus: jsonb('consensus').$type<ConsensusRule>(),
  /** Language given to image tasks that name none (null: any worker). */
  defaultLanguage: text('default_language'),
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
  /** Trusted workers re-solve reported images to judge the report. */
  trustedAt: timestamp('trusted_at', { withTimezone: true }),
});

/** Software registered by developers; its id is the `soft_id` / `softId` clients send. */
export const software = pgTable('software', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 5001 }),
  developerId: bigint('developer_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Admins switch captcha types off; a type without a row is enabled. */
export const captchaTypeSettings = pgTable('captcha_type_settings', {
  slug: text('slug').primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Protocol errors the API answered to an account (shown on /setting/errors), pruned after 30 days. */
export const apiErrors = pgTable(
  'api_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    ip: text('ip').notNull(),
    code: text('code').notNull(),
    /** The request without secrets: path, method, action/type and parameter names. */
    summary: text('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_errors_user_idx').on(t.userId, t.createdAt)],
);

/** Hourly roll-up of tasks per type (public statistics), kept up to date from stats_journal by a job. */
/** The figures of an hour and type, shared by stats_hourly and the journal that feeds it (fresh builders per table). */
const statsFigures = () => ({
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  type: text('type').notNull(),
  submitted: integer('submitted').notNull().default(0),
  solved: integer('solved').notNull().default(0),
  unsolvable: integer('unsolvable').notNull().default(0),
  /** Micro-USD paid by customers and earned by workers for solved tasks. */
  spend: bigint('spend', { mode: 'number' }).notNull().default(0),
  earned: bigint('earned', { mode: 'number' }).notNull().default(0),
  /** Sums over solved tasks: created→ended (customer's solving time), created→assigned (waiting), assigned→ended (work). */
  turnaroundMsSum: bigint('turnaround_ms_sum', { mode: 'number' }).notNull().default(0),
  waitMsSum: bigint('wait_ms_sum', { mode: 'number' }).notNull().default(0),
  workMsSum: bigint('work_ms_sum', { mode: 'number' }).notNull().default(0),
});

export const statsHourly = pgTable('stats_hourly', statsFigures(), (t) => [primaryKey({ columns: [t.hour, t.type] })]);

/**
 * What each statement on tasks added to stats_hourly, written by the database itself (statement
 * triggers of migration 0011) and moved into stats_hourly by the roll-up job. Rows may be negative
 * (a correction of an ended task); no key: the job consumes the whole table.
 */
export const statsJournal = pgTable('stats_journal', statsFigures());

/** Per-node minute samples of the live load: workers online and busy, tasks queued. */
export const loadSamples = pgTable(
  'load_samples',
  {
    at: timestamp('at', { withTimezone: true }).notNull(),
    node: text('node').notNull(),
    workersOnline: integer('workers_online').notNull(),
    workersBusy: integer('workers_busy').notNull(),
    queued: integer('queued').notNull(),
  },
  (t) => [primaryKey({ columns: [t.at, t.node] })],
);

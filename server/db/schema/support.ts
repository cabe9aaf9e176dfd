import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const TICKET_CATEGORIES = ['payments', 'refunds', 'api', 'solving', 'worker', 'account', 'enterprise', 'other'] as const;
export const TICKET_STATUSES = ['open', 'answered', 'waiting', 'closed'] as const;

/** A support ticket (issue 18, migration 0022). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: TICKET_CATEGORIES }).notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    /** Opened while the customer had a running enterprise-support subscription: first in the queue. */
    enterprise: boolean('enterprise').notNull().default(false),
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    botThreadId: bigint('bot_thread_id', { mode: 'number' }),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by', { enum: ['user', 'staff', 'auto'] }),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.id.desc()), index('support_tickets_queue_idx').on(t.status, t.enterprise.desc(), t.lastActivityAt)],
);

/** A message of a ticket; `internal` notes are staff-only and never shown to the user. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' }).notNull().references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['user', 'staff', 'bot'] }).notNull(),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.id)],
);

/** A file uploaded by a user or staff member; unlinked until a message carries it. */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => supportMessages.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId), index('support_attachments_user_idx').on(t.userId, t.createdAt)],
);

export const supportCannedReplies = pgTable('support_canned_replies', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A support-bot conversation (a signed-in user or an anonymous visitor by CSRF visitor id). */
export const supportBotThreads = pgTable(
  'support_bot_threads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    visitor: text('visitor').notNull(),
    language: text('language').notNull().default('en'),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => supportTickets.id, { onDelete: 'set null' }),
    unanswered: integer('unanswered').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_bot_threads_recent_idx').on(t.updatedAt.desc())],
);

export interface BotSource {
  collection: string;
  slug: string;
  title: string;
  path: string;
  quote: string;
}

export const supportBotMessages = pgTable(
  'support_bot_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    threadId: bigint('thread_id', { mode: 'number' }).notNull().references(() => supportBotThreads.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'bot'] }).notNull(),
    body: text('body').notNull(),
    outcome: text('outcome', { enum: ['answered', 'clarify', 'unanswered', 'handoff'] }),
    sources: jsonb('sources').$type<BotSource[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_bot_messages_thread_idx').on(t.threadId, t.id)],
);

/** A paid enterprise-support period; renewal writes the next row, expiry sets ended_at. */
export const enterpriseSubscriptions = pgTable(
  'enterprise_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['business', 'enterprise'] }).notNull(),
    months: integer('months').notNull(),
    /** Micro-USD paid for the period (its ledger entry is `ledger_entry_id`). */
    price: bigint('price', { mode: 'number' }).notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    renewedAt: timestamp('renewed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enterprise_subscriptions_user_idx').on(t.userId, t.expiresAt.desc())],
);

export const supportFeedback = pgTable(
  'support_feedback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['service', 'proxy'] }).notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    email: text('email'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_feedback_kind_idx').on(t.kind, t.createdAt.desc())],
);

import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Limits counted across nodes (lib/shared-store, the PostgreSQL store; UNLOGGED, migration 0019). */
export const sharedCounters = pgTable('shared_counters', {
  key: text('key').primaryKey(),
  startedAt: bigint('started_at', { mode: 'number' }).notNull(),
  windowMs: bigint('window_ms', { mode: 'number' }).notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

/** Bans shared across nodes: refused until `until` (ms since the epoch). */
export const sharedBans = pgTable('shared_bans', {
  key: text('key').primaryKey(),
  until: bigint('until', { mode: 'number' }).notNull(),
  reset: jsonb('reset').$type<string[]>().notNull().default([]),
});

/**
 * Every admin action that moves money or changes a user's rights (issue 22): who, to whom, why,
 * and the state before and after. Append-only: a trigger refuses UPDATE and DELETE.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: bigint('actor_id', { mode: 'number' }),
    action: text('action').notNull(),
    targetUserId: bigint('target_user_id', { mode: 'number' }),
    reason: text('reason').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('admin_audit_log_at_idx').on(t.at.desc(), t.id.desc()), index('admin_audit_log_target_idx').on(t.targetUserId, t.at.desc())],
);

import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A worker's choices about the hub (issue 19): whether they appear on the public leaderboard. */
export const workerHubSettings = pgTable('worker_hub_settings', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  leaderboardOptOut: boolean('leaderboard_opt_out').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const WORKER_REWARD_KINDS = ['streak', 'tier', 'milestone'] as const;

/**
 * A bonus the rewards job paid (modules/hub/rewards.ts): unique per worker and key (e.g.
 * `streak:2026-11-24`, `milestone:1000`), inserted in the same statement as its `reward` ledger
 * entry, so overlapping job runs pay each once.
 */
export const workerRewards = pgTable(
  'worker_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WORKER_REWARD_KINDS }).notNull(),
    key: text('key').notNull(),
    /** Micro-USD, positive. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('worker_rewards_once').on(t.userId, t.key), index('worker_rewards_user_idx').on(t.userId, t.createdAt)],
);

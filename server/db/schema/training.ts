import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One training item as the server keeps it (answer included); the browser gets it without the answer. */
export interface StoredTrainingItem {
  /** Opaque per-attempt picture id: GET /api/v2/worker/training/images/:token. */
  token: string;
  section: 'practice' | 'exam';
  ui: 'text' | 'grid' | 'points';
  instruction: string;
  width: number;
  height: number;
  rows?: number;
  columns?: number;
  answer: unknown;
}

/** Timing of one exam question: server-measured picture load, client-reported answering time (advisory). */
export interface QuestionTime {
  /** ms from the set's issue to the first load of the question's picture; null when never loaded. */
  seenAfterMs: number | null;
  /** ms from the exam's display to the question's last change, as the worker's page reports it; null when not sent. */
  clientMs: number | null;
}

/**
 * A worker's training set, drawn per attempt (worker_profiles.training_attempt). Issued when the
 * worker first loads it, answered when the exam is submitted; `too_fast` flags an exam answered
 * faster than a person can (it does not qualify). Moderators read the flags here.
 */
export const trainingAttempts = pgTable(
  'training_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    items: jsonb('items').$type<StoredTrainingItem[]>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    correct: integer('correct'),
    passed: boolean('passed'),
    tooFast: boolean('too_fast').notNull().default(false),
    /** Per exam question (in exam order): ms from issue to its picture's first load, and the client-reported ms spent on it. */
    questionTimes: jsonb('question_times').$type<QuestionTime[]>(),
    /** Exam questions answered correctly whose picture was never loaded (migration 0025). */
    unseen: integer('unseen').notNull().default(0),
    /** A flagged exam that would have passed waits for a moderator: pending → approved (qualifies) or rejected. */
    review: text('review').$type<'pending' | 'approved' | 'rejected'>(),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('training_attempts_user_attempt_idx').on(t.userId, t.attempt),
    index('training_attempts_answered_idx').on(t.userId, t.answeredAt).where(sql`answered_at is not null`),
    index('training_attempts_review_idx').on(t.answeredAt).where(sql`review = 'pending'`),
  ],
);

/** The opaque picture ids of an attempt's items (the picture is drawn again from the token on request). */
export const trainingImages = pgTable(
  'training_images',
  {
    token: text('token').primaryKey(),
    attemptId: bigint('attempt_id', { mode: 'number' }).notNull().references(() => trainingAttempts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** When the worker's browser first loaded the picture (migration 0025). */
    firstServedAt: timestamp('first_served_at', { withTimezone: true }),
  },
  (t) => [index('training_images_attempt_idx').on(t.attemptId)],
);

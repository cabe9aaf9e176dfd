import { bigint, customType, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The product's own demo captchas (issue 14, migration 0028): one row per captcha issued by
 * `GET /api/v1/captcha-demo/{slug}`. The answer never leaves the server; a verify uses the row
 * once (`used_at`), whatever its outcome, and rows past `expires_at` answer "expired".
 */
export const demoChallenges = pgTable(
  'demo_challenges',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    /** What the checker compares with: `{ text }`, `{ tiles }`, `{ targets }`, `{ angle }`, `{ x }`. */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    /** The PNG served (image kinds). */
    image: bytea('image'),
    /** The question (text captcha) or the instruction shown with the image. */
    question: text('question'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** success | wrong, set by the one verify that used the captcha. */
    outcome: text('outcome'),
  },
  (t) => [index('demo_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Recognition examples (spec §2 /captcha-recognition): a demo captcha that a customer's client
 * solved through the API and then passed verify with. Copied from the task and the challenge at
 * that verify, so an example outlives task pruning; never written any other way.
 */
export const recognitionExamples = pgTable(
  'recognition_examples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    challengeId: text('challenge_id').notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    image: bytea('image'),
    question: text('question'),
    /** The task's parameters as the API received them (normalized, without the image). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    answer: text('answer').notNull(),
    /** Upload to answer, from the task's own timestamps. */
    solveMs: integer('solve_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('recognition_examples_challenge_unique').on(t.challengeId),
    unique('recognition_examples_task_unique').on(t.taskId),
    index('recognition_examples_slug_idx').on(t.slug, t.id),
  ],
);

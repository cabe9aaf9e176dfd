import { and, count, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { trainingAttempts, trainingImages, type StoredTrainingItem } from '#server/db/schema/index.ts';

export type TrainingAttemptRow = typeof trainingAttempts.$inferSelect;

export async function findTrainingAttempt(db: Db, userId: number, attempt: number): Promise<TrainingAttemptRow | undefined> {
  const [row] = await db.select().from(trainingAttempts).where(and(eq(trainingAttempts.userId, userId), eq(trainingAttempts.attempt, attempt)));
  return row;
}

/** Stores a drawn set for (user, attempt) unless one exists (two tabs at once); returns the stored one. */
export async function insertTrainingAttempt(db: Db, userId: number, attempt: number, items: StoredTrainingItem[]): Promise<TrainingAttemptRow> {
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(trainingAttempts).values({ userId, attempt, items }).onConflictDoNothing().returning({ id: trainingAttempts.id });
    if (row) await tx.insert(trainingImages).values(items.map((item, position) => ({ token: item.token, attemptId: row.id, position })));
  });
  return (await findTrainingAttempt(db, userId, attempt))!;
}

/** The item behind a picture token, only for the worker it was issued to. */
export async function findTrainingPicture(db: Db, userId: number, token: string): Promise<StoredTrainingItem | undefined> {
  const [row] = await db
    .select({ item: sql<StoredTrainingItem>`${trainingAttempts.items} -> ${trainingImages.position}` })
    .from(trainingImages)
    .innerJoin(trainingAttempts, eq(trainingAttempts.id, trainingImages.attemptId))
    .where(and(eq(trainingImages.token, token), eq(trainingAttempts.userId, userId)));
  return row?.item ?? undefined;
}

/** Exams the worker submitted since `since`, oldest first (their times decide when the next one is allowed). */
export async function examsSubmittedSince(db: Db, userId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: trainingAttempts.answeredAt })
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.userId, userId), isNotNull(trainingAttempts.answeredAt), gte(trainingAttempts.answeredAt, since)))
    .orderBy(trainingAttempts.answeredAt);
  return rows.map((r) => r.at!);
}

/** Records the graded exam once; false when it was already submitted (a double click, a second tab). */
export async function recordExam(db: Db, id: number, result: { correct: number; passed: boolean; tooFast: boolean; at: Date }): Promise<boolean> {
  const rows = await db
    .update(trainingAttempts)
    .set({ answeredAt: result.at, correct: result.correct, passed: result.passed, tooFast: result.tooFast })
    .where(and(eq(trainingAttempts.id, id), isNull(trainingAttempts.answeredAt)))
    .returning({ id: trainingAttempts.id });
  return rows.length > 0;
}

/** How many of each worker's exams were flagged as inhumanly fast, and the newest flag (moderation). */
export async function flaggedExamCounts(db: Db, userIds: number[]): Promise<Map<number, { count: number; last: Date }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: trainingAttempts.userId, n: count(), last: sql<Date>`max(${trainingAttempts.answeredAt})` })
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.tooFast, true), inArray(trainingAttempts.userId, userIds)))
    .groupBy(trainingAttempts.userId);
  return new Map(rows.map((r) => [r.userId, { count: Number(r.n), last: new Date(r.last) }]));
}
